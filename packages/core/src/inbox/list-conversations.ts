import type { ConversationSummary, InboxFilters, InboxListResponse, LeadStatus } from '@prospector/contracts';
import {
  type AppDb,
  contacts,
  gmailAccounts,
  inboxConversations,
  sequenceSteps,
  sequences,
} from '@prospector/db';
import { and, desc, eq, gte, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../app-error';

export const INVALID_CURSOR = 'cursor is not valid';

/** A conversation is unread while the other side's latest message is after the user last read it. */
export const unreadSql = sql<boolean>`(${inboxConversations.lastInboundAt} is not null and (${inboxConversations.readAt} is null or ${inboxConversations.readAt} < ${inboxConversations.lastInboundAt}))`;

export const summaryColumns = {
  id: inboxConversations.id,
  threadId: inboxConversations.gmailThreadId,
  tab: inboxConversations.tab,
  contactId: inboxConversations.contactId,
  contactEmail: contacts.email,
  contactName: contacts.name,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  company: contacts.organizationName,
  leadStatus: contacts.leadStatus,
  leadStatusSource: contacts.leadStatusSource,
  leadStatusReason: contacts.leadStatusReason,
  unread: unreadSql,
  lastMessageAt: inboxConversations.lastMessageAt,
  subject: inboxConversations.subject,
  snippet: inboxConversations.snippet,
  mailboxId: gmailAccounts.id,
  mailboxEmail: gmailAccounts.email,
  sequenceId: sequences.id,
  sequenceName: sequences.name,
  stepId: sequenceSteps.id,
  stepOrder: sequenceSteps.order,
  stepName: sequenceSteps.name,
  messageCount: inboxConversations.messageCount,
};

type SummaryRow = Awaited<ReturnType<typeof summaryQuery>>[number];

export function toSummary(row: SummaryRow): ConversationSummary {
  const name = row.contactName || [row.firstName, row.lastName].filter(Boolean).join(' ') || null;
  return {
    id: row.id,
    threadId: row.threadId,
    tab: row.tab,
    contactId: row.contactId,
    contactEmail: row.contactEmail,
    contactName: name,
    company: row.company,
    leadStatus: row.leadStatus as LeadStatus | null,
    leadStatusSource: row.leadStatusSource,
    leadStatusReason: row.leadStatusReason,
    unread: Boolean(row.unread),
    lastMessageAt: row.lastMessageAt.toISOString(),
    subject: row.subject,
    snippet: row.snippet,
    mailbox: row.mailboxId && row.mailboxEmail ? { id: row.mailboxId, email: row.mailboxEmail } : null,
    sequence: row.sequenceId && row.sequenceName ? { id: row.sequenceId, name: row.sequenceName } : null,
    step:
      row.stepId && row.stepName !== null && row.stepOrder !== null
        ? { id: row.stepId, order: row.stepOrder, name: row.stepName }
        : null,
    messageCount: row.messageCount,
  };
}

/** The conversations list joined to what a row shows. */
export function summaryQuery(db: AppDb) {
  return db
    .select(summaryColumns)
    .from(inboxConversations)
    .leftJoin(contacts, eq(contacts.id, inboxConversations.contactId))
    .leftJoin(gmailAccounts, eq(gmailAccounts.id, inboxConversations.accountId))
    .leftJoin(sequences, eq(sequences.id, inboxConversations.sequenceId))
    .leftJoin(sequenceSteps, eq(sequenceSteps.id, inboxConversations.stepId));
}

const encodeCursor = (at: Date, id: string) => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw new AppError('VALIDATION_ERROR', INVALID_CURSOR);
  }
  return { at: date, id };
}

/**
 * The search box as a full-text query: every word (letters and digits only, so nothing can break the
 * query's syntax) as a prefix, all of them required. Null when nothing is left to search for.
 */
export function searchQuery(q: string | undefined): string | null {
  const words = (q ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/**
 * One page of the user's conversations in a tab, newest first (keyset on the last message's time and id),
 * filtered by mailbox, sequence, lead status, unread, a latest message since a time, and a search over
 * contact, company and text. Done
 * conversations stay out of the list unless asked for.
 */
export async function listConversations(
  db: AppDb,
  workspaceId: string,
  filters: InboxFilters & { done?: boolean; since?: Date },
): Promise<InboxListResponse> {
  const conditions: (SQL | undefined)[] = [
    eq(inboxConversations.workspaceId, workspaceId),
    eq(inboxConversations.tab, filters.tab),
    filters.done ? isNotNull(inboxConversations.doneAt) : isNull(inboxConversations.doneAt),
  ];
  if (filters.mailboxId) conditions.push(eq(inboxConversations.accountId, filters.mailboxId));
  if (filters.sequenceId) conditions.push(eq(inboxConversations.sequenceId, filters.sequenceId));
  if (filters.status === 'none') conditions.push(isNull(contacts.leadStatus));
  else if (filters.status) conditions.push(eq(contacts.leadStatus, filters.status));
  if (filters.unread) conditions.push(unreadSql);
  if (filters.since) conditions.push(gte(inboxConversations.lastMessageAt, filters.since));
  const words = searchQuery(filters.q);
  if (words) conditions.push(sql`${inboxConversations.searchVector} @@ to_tsquery('simple', ${words})`);
  if (filters.cursor) {
    const { at, id } = decodeCursor(filters.cursor);
    conditions.push(
      sql`(${inboxConversations.lastMessageAt}, ${inboxConversations.id}) < (${at.toISOString()}::timestamptz, ${id}::uuid)`,
    );
  }
  const rows = await summaryQuery(db)
    .where(and(...conditions))
    .orderBy(desc(inboxConversations.lastMessageAt), desc(inboxConversations.id))
    .limit(filters.limit + 1);
  const page = rows.slice(0, filters.limit);
  const last = page.at(-1);
  return {
    conversations: page.map(toSummary),
    nextCursor: rows.length > filters.limit && last ? encodeCursor(last.lastMessageAt, last.id) : null,
  };
}

/** Unread conversations of people's replies (the sidebar's count); automated mail does not count. */
export async function countUnread(db: AppDb, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(inboxConversations)
    .where(
      and(
        eq(inboxConversations.workspaceId, workspaceId),
        eq(inboxConversations.tab, 'people'),
        isNull(inboxConversations.doneAt),
        unreadSql,
      ),
    );
  return Number(row?.count ?? 0);
}
