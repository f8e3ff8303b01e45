import {
  type AnswerValues,
  answerVariables,
  type InboxMessage,
  missingVariablesMessage,
} from '@prospector/contracts';
import { contacts, emailSends, inboxConversations, inboxMessages } from '@prospector/db';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { toEmailHtml } from '../ai-writer/email-html';
import { AppError } from '../app-error';
import { closeDraftAfterAnswer } from '../assistant/close-draft';
import type { CoreDeps } from '../deps';
import { sendEmail } from '../mail/send-email';
import { userCustomKeys } from '../personalisation/template-variable-list';
import { renderContactOf } from '../rendering/contact-of-row';
import { renderTemplate } from '../rendering/render-template';
import { answerValuesOf } from './answer-values';
import { type ConversationRow, findConversation, toInboxMessage } from './get-conversation';
import { capText, sanitiseEmailHtml } from './sanitise-email-html';
import { withWords } from './store-conversation';

export const MAILBOX_GONE = 'The mailbox of this conversation was removed; reconnect it to answer';

export const withPrefix = (prefix: string, subject: string) =>
  new RegExp(`^${prefix}:`, 'i').test(subject.trim()) ? subject.trim() : `${prefix}: ${subject.trim()}`;

/** The latest message of the thread carrying a Message-ID: what an answer's In-Reply-To names. */
async function latestWithMessageId(deps: CoreDeps, conversationId: string) {
  const [row] = await deps.db
    .select()
    .from(inboxMessages)
    .where(and(eq(inboxMessages.conversationId, conversationId), isNotNull(inboxMessages.messageIdHeader)))
    .orderBy(desc(inboxMessages.sentAt), desc(inboxMessages.createdAt))
    .limit(1);
  return row ?? null;
}

async function sendAsOf(deps: CoreDeps, conversation: ConversationRow) {
  if (!conversation.emailSendId) return null;
  const [send] = await deps.db
    .select({ sendAs: emailSends.sendAsEmail })
    .from(emailSends)
    .where(eq(emailSends.id, conversation.emailSendId));
  return send?.sendAs ?? null;
}

interface Outgoing {
  to: string;
  toName?: string | null;
  subject: string;
  text: string;
  html: string;
  inReplyTo: string | null;
  references: string[];
}

/** Sends through the conversation's mailbox in its Gmail thread and stores the message in the thread. */
async function sendInThread(
  deps: CoreDeps,
  workspaceId: string,
  conversation: ConversationRow,
  outgoing: Outgoing,
): Promise<InboxMessage> {
  if (!conversation.accountId) throw new AppError('CONFLICT', MAILBOX_GONE);
  const sent = await sendEmail(deps, {
    workspaceId,
    senderAccountId: conversation.accountId,
    sendAsEmail: await sendAsOf(deps, conversation),
    to: outgoing.to,
    toName: outgoing.toName,
    subject: outgoing.subject,
    html: outgoing.html,
    text: outgoing.text,
    inReplyTo: outgoing.inReplyTo,
    references: outgoing.references,
    threadId: conversation.gmailThreadId,
  });
  const at = deps.clock.now();
  const [stored] = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .insert(inboxMessages)
      .values({
        workspaceId,
        conversationId: conversation.id,
        gmailMessageId: sent.gmailMessageId,
        messageIdHeader: sent.messageId,
        referencesHeader: outgoing.references.join(' ') || null,
        direction: 'out',
        fromAddress: sent.senderEmail,
        toAddress: outgoing.to,
        subject: outgoing.subject,
        textBody: capText(outgoing.text),
        htmlBody: sanitiseEmailHtml(outgoing.html).html,
        sentAt: at,
      })
      .returning();
    await tx
      .update(inboxConversations)
      .set({
        lastMessageAt: at,
        readAt: at,
        snippet: outgoing.text.replace(/\s+/g, ' ').trim().slice(0, 300),
        searchVector: withWords(outgoing.text),
        messageCount: sql`${inboxConversations.messageCount} + 1`,
        updatedAt: at,
      })
      .where(eq(inboxConversations.id, conversation.id));
    return rows;
  });
  return toInboxMessage(stored!);
}

function threadHeaders(latest: Awaited<ReturnType<typeof latestWithMessageId>>) {
  if (!latest?.messageIdHeader) return { inReplyTo: null, references: [] };
  const earlier = latest.referencesHeader?.match(/<[^<>\s]+>/g) ?? [];
  return { inReplyTo: latest.messageIdHeader, references: [...earlier, latest.messageIdHeader] };
}

/**
 * An answer is never sent as "Great, !": a variable (built in or a custom key of the user's contacts)
 * that would be empty and has no fallback is a 422.
 */
function refuseMissingVariables(text: string, values: AnswerValues, customKeys: readonly string[]) {
  const missing = answerVariables(text, values, customKeys).filter((variable) => variable.value === null);
  if (missing.length > 0) throw new AppError('MISSING_VARIABLES', missingVariablesMessage(missing));
}

/**
 * Answers a conversation from the app (or the public API): the text with the contact's variables filled
 * in ({{first_name}} ...), as plain text and simple HTML (paragraphs, **bold**), or HTML as given with its
 * variables filled and a plain-text part drawn from it; sent through the thread's mailbox with Gmail's
 * threadId, In-Reply-To and References, so it lands in the same conversation on both sides.
 */
export async function replyToConversation(
  deps: CoreDeps,
  workspaceId: string,
  id: string,
  input: { text: string; html?: undefined } | { text?: undefined; html: string },
): Promise<InboxMessage> {
  const conversation = await findConversation(deps.db, workspaceId, id);
  const [contact] = conversation.contactId
    ? await deps.db.select().from(contacts).where(eq(contacts.id, conversation.contactId))
    : [];
  const customKeys = await userCustomKeys(deps.db, workspaceId);
  refuseMissingVariables(input.html ?? input.text, answerValuesOf(contact ?? null), customKeys);
  const latest = await latestWithMessageId(deps, conversation.id);
  const [latestIn] = await deps.db
    .select({ from: inboxMessages.fromAddress })
    .from(inboxMessages)
    .where(and(eq(inboxMessages.conversationId, id), eq(inboxMessages.direction, 'in')))
    .orderBy(desc(inboxMessages.sentAt))
    .limit(1);
  const to = conversation.tab === 'people' && latestIn?.from ? latestIn.from : contact?.email;
  if (!to) throw new AppError('CONFLICT', 'This conversation has no address to answer');
  const rendered = renderTemplate(
    input.html === undefined
      ? { subject: '', htmlBody: '', plainTextBody: input.text }
      : { subject: '', htmlBody: input.html },
    contact ? renderContactOf(contact) : {},
    { customKeys },
  );
  const sent = await sendInThread(deps, workspaceId, conversation, {
    to,
    toName: contact?.name,
    subject: withPrefix('Re', conversation.subject),
    text: rendered.text,
    html: input.html === undefined ? toEmailHtml(rendered.text) : rendered.html,
    ...threadHeaders(latest),
  });
  await closeDraftAfterAnswer(deps, conversation.id, sent.id);
  return sent;
}

/** Forwards the conversation's latest message from the other side (or ours) to an address, with a note. */
export async function forwardConversation(
  deps: CoreDeps,
  workspaceId: string,
  id: string,
  input: { to: string; text: string },
): Promise<InboxMessage> {
  const conversation = await findConversation(deps.db, workspaceId, id);
  const [original] = await deps.db
    .select()
    .from(inboxMessages)
    .where(eq(inboxMessages.conversationId, id))
    .orderBy(desc(inboxMessages.sentAt))
    .limit(1);
  const header = original
    ? [
        '---------- Forwarded message ---------',
        `From: ${original.fromName ? `${original.fromName} <${original.fromAddress}>` : original.fromAddress}`,
        `Date: ${original.sentAt.toUTCString()}`,
        `Subject: ${original.subject}`,
        `To: ${original.toAddress}`,
        '',
        original.textBody,
      ].join('\n')
    : '';
  const text = [input.text.trim(), header].filter(Boolean).join('\n\n');
  return sendInThread(deps, workspaceId, conversation, {
    to: input.to,
    subject: withPrefix('Fwd', conversation.subject),
    text,
    html: toEmailHtml(text),
    inReplyTo: null,
    references: [],
  });
}
