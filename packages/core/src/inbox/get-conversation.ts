import type { ConversationDetail, InboxMessage } from '@prospector/contracts';
import {
  type AppDb,
  contacts,
  gmailAccounts,
  gmailAliases,
  inboxConversations,
  inboxMessages,
} from '@prospector/db';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import { markAssistantMessages, readyDraft } from '../assistant/draft-view';
import { contactMemberships } from '../contacts/contact-memberships';
import { replyTextOf } from '../tracking/reply-text';
import { answerValuesOf } from './answer-values';
import { referralIn } from './lead-status-rules';
import { summaryQuery, toSummary } from './list-conversations';

export const CONVERSATION_NOT_FOUND = 'Conversation not found';

export type ConversationRow = typeof inboxConversations.$inferSelect;

/** The user's conversation row, or a 404 (another user's conversation does not exist for this one). */
export async function findConversation(db: AppDb, workspaceId: string, id: string): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(inboxConversations)
    .where(and(eq(inboxConversations.workspaceId, workspaceId), eq(inboxConversations.id, id)));
  if (!row) throw new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND);
  return row;
}

export function toInboxMessage(row: typeof inboxMessages.$inferSelect): InboxMessage {
  return {
    id: row.id,
    direction: row.direction,
    kind: row.kind,
    from: row.fromAddress,
    fromName: row.fromName,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    replyText: replyTextOf(row.textBody),
    eventId: row.trackingEventId,
    html: row.htmlBody,
    hasRemoteImages: Boolean(row.htmlBody?.includes('data-remote-src=')),
    attachments: row.attachments,
    sentAt: row.sentAt.toISOString(),
  };
}

/** A conversation with every message in order (ours and theirs) and the contact's card. */
export async function getConversation(
  db: AppDb,
  workspaceId: string,
  id: string,
): Promise<ConversationDetail> {
  const conversation = await findConversation(db, workspaceId, id);
  const [summaryRow] = await summaryQuery(db).where(eq(inboxConversations.id, id));
  const messages = await db
    .select()
    .from(inboxMessages)
    .where(eq(inboxMessages.conversationId, id))
    .orderBy(asc(inboxMessages.sentAt), asc(inboxMessages.createdAt));
  const summary = toSummary(summaryRow!);
  const contact = conversation.contactId ? await contactCard(db, workspaceId, conversation.contactId) : null;
  let referral: string | null = null;
  if (contact && summary.leadStatus === 'wrong_person') {
    const own = await ownAddresses(db, conversation.accountId);
    const latest = messages.filter((message) => message.direction === 'in').at(-1);
    referral = latest ? referralIn(latest.textBody, [contact.email, ...own]) : null;
  }
  const shown = await markAssistantMessages(db, id, messages.map(toInboxMessage));
  return { ...summary, messages: shown, contact, referral, draft: await readyDraft(db, id) };
}

async function ownAddresses(db: AppDb, accountId: string | null): Promise<string[]> {
  if (!accountId) return [];
  const [account] = await db
    .select({ email: gmailAccounts.email })
    .from(gmailAccounts)
    .where(eq(gmailAccounts.id, accountId));
  const aliases = await db
    .select({ email: gmailAliases.sendAsEmail })
    .from(gmailAliases)
    .where(eq(gmailAliases.accountId, accountId));
  return [...(account ? [account.email] : []), ...aliases.map((alias) => alias.email)];
}

async function contactCard(db: AppDb, workspaceId: string, contactId: string) {
  const [contact] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, contactId)));
  if (!contact) return null;
  const { lists, sequences: enrolments } = await contactMemberships(db, contactId);
  return {
    id: contact.id,
    email: contact.email,
    name: contact.name,
    firstName: contact.firstName,
    lastName: contact.lastName,
    title: contact.title,
    company: contact.organizationName,
    status: contact.status,
    variables: answerValuesOf(contact),
    lists,
    sequences: enrolments,
  };
}
