import type { RepliesQuery, ReplyItem, V1Page } from '@prospector/contracts';
import {
  contacts,
  emailSends,
  gmailAccounts,
  type MailProviderKind,
  sequenceSteps,
  sequences,
  trackingEvents,
} from '@prospector/db';
import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { decodeCursor, keysetPage } from '../public-api/cursor';

/** The most replies the page lists (newest first). */
export const REPLIES_LIMIT = 500;

/**
 * Where a reply's thread opens: Gmail for a real Gmail mailbox, the Sandbox Inbox for a sandbox one. Other
 * providers have no stable address for a thread by its id: no link (the Inbox shows the conversation).
 */
export function threadUrlOf(
  mailbox: string | null,
  threadId: string | null,
  sandbox: boolean,
  provider: MailProviderKind = 'gmail',
): string | null {
  if (provider !== 'gmail') return null;
  if (sandbox) return '/sandbox/inbox';
  if (!mailbox || !threadId) return null;
  return `https://mail.google.com/mail/u/${encodeURIComponent(mailbox)}/#all/${encodeURIComponent(threadId)}`;
}

interface ReplyPayload {
  from?: string;
  subject?: string;
  snippet?: string;
  threadId?: string;
  outOfOfficeUntil?: string;
}

/**
 * GET /api/replies: every reply detected to the user's sequence emails, newest first, with the automated
 * messages no rule recognised (for the user to mark) unless ignored; auto-replies when asked for.
 */
export async function listReplies(
  deps: CoreDeps,
  workspaceId: string,
  query: RepliesQuery,
): Promise<ReplyItem[]> {
  return replyItems(deps, workspaceId, query.includeAutoReplies, { after: null, limit: REPLIES_LIMIT });
}

/** The public API's replies: the same list, newest first, a page at a time after a cursor. */
export async function listRepliesAfter(
  deps: CoreDeps,
  workspaceId: string,
  query: { includeAutoReplies: boolean; cursor?: string; limit: number },
): Promise<V1Page<ReplyItem>> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const items = await replyItems(deps, workspaceId, query.includeAutoReplies, {
    after,
    limit: query.limit + 1,
  });
  const page = keysetPage(items, query.limit, (item) => ({ at: new Date(item.receivedAt), id: item.id }));
  return { data: page.rows, nextCursor: page.nextCursor };
}

async function replyItems(
  deps: CoreDeps,
  workspaceId: string,
  includeAutoReplies: boolean,
  page: { after: { at: Date; id: string } | null; limit: number },
): Promise<ReplyItem[]> {
  const { after } = page;
  const types: ReplyItem['type'][] = includeAutoReplies
    ? ['reply', 'unclassified', 'auto_reply']
    : ['reply', 'unclassified'];
  const rows = await deps.db
    .select({
      id: trackingEvents.id,
      type: trackingEvents.type,
      occurredAt: trackingEvents.occurredAt,
      payload: trackingEvents.rawPayload,
      contactId: contacts.id,
      contactEmail: contacts.email,
      contactName: contacts.name,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      sequenceId: sequences.id,
      sequenceName: sequences.name,
      stepId: sequenceSteps.id,
      stepOrder: sequenceSteps.order,
      stepName: sequenceSteps.name,
      threadId: emailSends.gmailThreadId,
      mailbox: gmailAccounts.email,
      sandbox: gmailAccounts.sandbox,
      provider: gmailAccounts.provider,
    })
    .from(trackingEvents)
    .innerJoin(emailSends, eq(emailSends.id, trackingEvents.emailSendId))
    .innerJoin(contacts, eq(contacts.id, emailSends.contactId))
    .leftJoin(sequences, eq(sequences.id, emailSends.sequenceId))
    .leftJoin(sequenceSteps, eq(sequenceSteps.id, emailSends.stepId))
    .leftJoin(gmailAccounts, eq(gmailAccounts.id, emailSends.senderAccountId))
    .where(
      and(
        eq(trackingEvents.workspaceId, workspaceId),
        inArray(trackingEvents.type, types),
        // An unclassified message the user chose to ignore leaves the list.
        or(ne(trackingEvents.type, 'unclassified'), isNull(trackingEvents.flaggedReason)),
        after
          ? sql`(${trackingEvents.occurredAt}, ${trackingEvents.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(trackingEvents.occurredAt), desc(trackingEvents.id))
    .limit(page.limit);
  return rows.map((row) => {
    const payload = (row.payload ?? {}) as ReplyPayload;
    const fullName = [row.firstName, row.lastName].filter(Boolean).join(' ');
    return {
      id: row.id,
      type: row.type as ReplyItem['type'],
      outOfOfficeUntil: payload.outOfOfficeUntil ?? null,
      receivedAt: row.occurredAt.toISOString(),
      from: payload.from ?? null,
      subject: payload.subject ?? null,
      snippet: payload.snippet ?? '',
      contact: { id: row.contactId, email: row.contactEmail, name: row.contactName ?? (fullName || null) },
      sequence: row.sequenceId ? { id: row.sequenceId, name: row.sequenceName ?? '' } : null,
      step: row.stepId ? { id: row.stepId, order: row.stepOrder ?? 0, name: row.stepName ?? '' } : null,
      threadUrl: threadUrlOf(
        row.mailbox,
        payload.threadId ?? row.threadId,
        row.sandbox ?? false,
        row.provider ?? 'gmail',
      ),
      mailbox: row.mailbox,
    };
  });
}
