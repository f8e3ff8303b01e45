import { contacts, emailSends, gmailAccounts, inboxConversations, inboxMessages } from '@prospector/db';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../engine/engine-deps';
import type { InboundKind } from '../tracking/classify-inbound';
import { headerOf, type InboundMessage, snippetOf } from '../tracking/inbound-message';
import type { MatchedSend } from '../tracking/match-send';
import { replyTextOf } from '../tracking/reply-text';
import { capText, sanitiseEmailHtml } from './sanitise-email-html';

type Tab = (typeof inboxConversations.$inferSelect)['tab'];

/** Which tab a message's class puts its conversation in; a person's reply outranks the rest. */
const TAB_OF: Record<Exclude<InboundKind['type'], 'own'>, Tab> = {
  reply: 'people',
  unclassified: 'unclassified',
  auto_reply: 'auto',
  bounce: 'bounces',
  delay: 'bounces',
  complaint: 'bounces',
};
const TAB_RANK: Record<Tab, number> = { people: 4, unclassified: 3, auto: 2, bounces: 1 };

export const tabOfKind = (type: Exclude<InboundKind['type'], 'own'>) => TAB_OF[type];
export const higherTab = (a: Tab, b: Tab): Tab => (TAB_RANK[a] >= TAB_RANK[b] ? a : b);

/** The conversation's search words with these added (the first 5,000 characters of a message). */
export const withWords = (text: string) =>
  sql`coalesce(${inboxConversations.searchVector}, ''::tsvector) || to_tsvector('simple', ${text.slice(0, 5000)})`;

/** What is kept of a message from the mailbox: its ids for threading, addresses, and bodies (sanitised, capped). */
function storedMessage(message: InboundMessage, at: Date) {
  return {
    gmailMessageId: message.gmailMessageId,
    messageIdHeader: headerOf(message, 'message-id') ?? null,
    referencesHeader: headerOf(message, 'references') ?? null,
    fromAddress: message.from,
    fromName: message.fromName || null,
    toAddress: headerOf(message, 'to') ?? '',
    subject: message.subject,
    textBody: capText(message.text),
    htmlBody: sanitiseEmailHtml(message.html).html,
    attachments: message.attachments,
    sentAt: at,
  };
}

interface ThreadKey {
  workspaceId: string;
  accountId: string;
  threadId: string;
}

/**
 * Stores a newly recorded incoming message in its conversation (the Gmail thread of the mailbox), creating
 * the conversation with the sequence emails already sent in that thread. Bodies are kept at once (text and
 * sanitised HTML, capped), so the Inbox never asks Gmail at page load. In the poller's transaction.
 */
export async function storeInboundInConversation(
  tx: Tx,
  key: ThreadKey,
  message: InboundMessage,
  kind: Exclude<InboundKind, { type: 'own' }>,
  send: MatchedSend,
  trackingEventId: string | null,
  arrivedAt: Date,
): Promise<string> {
  // A server's clock, or IMAP's whole seconds, can date an answer before the email it answers (an
  // auto-reply within the second): it is shown after it.
  const at = send.sentAt && arrivedAt <= send.sentAt ? new Date(send.sentAt.getTime() + 1) : arrivedAt;
  const conversationId = await conversationFor(tx, key, send, message, at);
  const tab = tabOfKind(kind.type);
  const inserted = await tx
    .insert(inboxMessages)
    .values({
      workspaceId: key.workspaceId,
      conversationId,
      ...storedMessage(message, at),
      direction: 'in',
      trackingEventId,
      kind: kind.type,
    })
    .onConflictDoNothing()
    .returning({ id: inboxMessages.id });
  if (!inserted.length) return conversationId;
  const snippet =
    snippetOf(kind.type === 'reply' ? replyTextOf(message.text) : message.text) || message.snippet;
  await tx
    .update(inboxConversations)
    .set({
      tab: sql`case when ${TAB_RANK_SQL(sql`${inboxConversations.tab}`)} >= ${TAB_RANK[tab]} then ${inboxConversations.tab} else ${tab} end`,
      lastMessageAt: sql`greatest(${inboxConversations.lastMessageAt}, ${at})`,
      lastInboundAt: sql`greatest(coalesce(${inboxConversations.lastInboundAt}, ${at}), ${at})`,
      snippet,
      searchVector: withWords(message.text),
      doneAt: null,
      messageCount: sql`${inboxConversations.messageCount} + 1`,
      updatedAt: at,
    })
    .where(eq(inboxConversations.id, conversationId));
  return conversationId;
}

const TAB_RANK_SQL = (column: ReturnType<typeof sql>) =>
  sql`(case ${column} when 'people' then 4 when 'unclassified' then 3 when 'auto' then 2 else 1 end)`;

/** The conversation of the thread, created (with the emails we sent in it) on its first message. */
async function conversationFor(tx: Tx, key: ThreadKey, send: MatchedSend, message: InboundMessage, at: Date) {
  const [existing] = await tx
    .select({ id: inboxConversations.id })
    .from(inboxConversations)
    .where(threadWhere(key));
  if (existing) return existing.id;
  const [first] = await tx
    .select({ sequenceId: emailSends.sequenceId, stepId: emailSends.stepId, subject: emailSends.subject })
    .from(emailSends)
    .where(eq(emailSends.id, send.id));
  const [created] = await tx
    .insert(inboxConversations)
    .values({
      workspaceId: key.workspaceId,
      accountId: key.accountId,
      gmailThreadId: key.threadId,
      contactId: send.contactId,
      emailSendId: send.id,
      sequenceId: first?.sequenceId ?? null,
      stepId: first?.stepId ?? null,
      tab: 'bounces',
      subject: message.subject || first?.subject || '',
      lastMessageAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: inboxConversations.id });
  if (!created) {
    const [raced] = await tx
      .select({ id: inboxConversations.id })
      .from(inboxConversations)
      .where(threadWhere(key));
    return raced!.id;
  }
  await storeSentEmails(tx, key, created.id, send);
  await tx.execute(sql`
    update ${inboxConversations} set search_vector = to_tsvector('simple',
      concat_ws(' ', ${contacts.email}, translate(${contacts.email}, '@.', '  '), ${contacts.name},
        ${contacts.firstName}, ${contacts.lastName}, ${contacts.organizationName}, ${inboxConversations.subject}))
    from ${contacts} where ${contacts.id} = ${inboxConversations.contactId} and ${inboxConversations.id} = ${created.id}`);
  return created.id;
}

const threadWhere = (key: ThreadKey) =>
  and(
    eq(inboxConversations.workspaceId, key.workspaceId),
    eq(inboxConversations.accountId, key.accountId),
    eq(inboxConversations.gmailThreadId, key.threadId),
  );

/** Our sequence emails in the thread (the answered one, and follow-ups sent in the same thread). */
async function storeSentEmails(tx: Tx, key: ThreadKey, conversationId: string, send: MatchedSend) {
  const sends = await tx
    .select({
      gmailMessageId: emailSends.gmailMessageId,
      messageId: emailSends.messageId,
      subject: emailSends.subject,
      html: emailSends.htmlBody,
      text: emailSends.plainTextBody,
      sentAt: emailSends.sentAt,
      from: sql<string | null>`coalesce(${emailSends.sendAsEmail}, ${gmailAccounts.email})`,
      to: contacts.email,
    })
    .from(emailSends)
    .innerJoin(contacts, eq(contacts.id, emailSends.contactId))
    .leftJoin(gmailAccounts, eq(gmailAccounts.id, emailSends.senderAccountId))
    .where(
      and(
        eq(emailSends.workspaceId, key.workspaceId),
        eq(emailSends.sequenceContactId, send.sequenceContactId),
        sql`(${emailSends.id} = ${send.id} or ${emailSends.gmailThreadId} = ${key.threadId})`,
        sql`${emailSends.sentAt} is not null`,
      ),
    );
  if (!sends.length) return;
  const stored = await tx
    .insert(inboxMessages)
    .values(
      sends.map((row) => ({
        workspaceId: key.workspaceId,
        conversationId,
        gmailMessageId: row.gmailMessageId,
        messageIdHeader: row.messageId,
        direction: 'out' as const,
        fromAddress: row.from ?? '',
        toAddress: row.to,
        subject: row.subject,
        textBody: capText(row.text ?? ''),
        htmlBody: sanitiseEmailHtml(row.html).html,
        sentAt: row.sentAt!,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: inboxMessages.id });
  await tx
    .update(inboxConversations)
    .set({ messageCount: stored.length })
    .where(eq(inboxConversations.id, conversationId));
}

/**
 * A message the mailbox owner sent in a conversation's thread (written in Gmail directly, or our own
 * answer seen again by the poller): shown in the thread as ours; it is never the prospect's reply.
 */
export async function storeOwnMessage(tx: Tx, key: ThreadKey, message: InboundMessage, at: Date) {
  const [conversation] = await tx
    .select({ id: inboxConversations.id })
    .from(inboxConversations)
    .where(threadWhere(key));
  if (!conversation) return false;
  const inserted = await tx
    .insert(inboxMessages)
    .values({
      workspaceId: key.workspaceId,
      conversationId: conversation.id,
      ...storedMessage(message, at),
      direction: 'out',
    })
    .onConflictDoNothing()
    .returning({ id: inboxMessages.id });
  if (!inserted.length) return false;
  await tx
    .update(inboxConversations)
    .set({
      lastMessageAt: sql`greatest(${inboxConversations.lastMessageAt}, ${at})`,
      snippet: snippetOf(replyTextOf(message.text)),
      searchVector: withWords(message.text),
      messageCount: sql`${inboxConversations.messageCount} + 1`,
      updatedAt: at,
    })
    .where(eq(inboxConversations.id, conversation.id));
  return true;
}

/** A message the user marked (an unclassified one): its conversation moves to the tab of the mark. */
export async function reclassifyInboxMessage(
  tx: Tx,
  trackingEventId: string,
  type: 'reply' | 'auto_reply' | 'bounce',
) {
  const [message] = await tx
    .update(inboxMessages)
    .set({ kind: type })
    .where(eq(inboxMessages.trackingEventId, trackingEventId))
    .returning({ conversationId: inboxMessages.conversationId });
  if (!message) return;
  const tab = tabOfKind(type);
  await tx
    .update(inboxConversations)
    .set({
      tab: sql`case when ${inboxConversations.tab} = 'unclassified' or ${TAB_RANK_SQL(sql`${inboxConversations.tab}`)} < ${TAB_RANK[tab]} then ${tab} else ${inboxConversations.tab} end`,
    })
    .where(eq(inboxConversations.id, message.conversationId));
}

/** A message the user ignored: its conversation is read and done (it leaves the Inbox's lists). */
export async function setAsideInboxMessage(tx: Tx, trackingEventId: string, at: Date) {
  const [message] = await tx
    .select({ conversationId: inboxMessages.conversationId })
    .from(inboxMessages)
    .where(eq(inboxMessages.trackingEventId, trackingEventId));
  if (!message) return;
  await tx
    .update(inboxConversations)
    .set({ doneAt: at, readAt: at, updatedAt: at })
    .where(eq(inboxConversations.id, message.conversationId));
}
