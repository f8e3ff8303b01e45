import type { V1Page, V1Send, V1SendsQuery } from '@prospector/contracts';
import { contacts, emailSends, trackingEvents } from '@prospector/db';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { decodeCursor, encodeCursor } from '../public-api/cursor';

export const EMAIL_SEND_NOT_FOUND = 'Email not found';

/**
 * The user's sequence emails for the public API, newest first by when they are (or were) due, filtered by
 * state, time and sequence, a page at a time after a cursor.
 */
export async function listSendsAfter(
  deps: CoreDeps,
  workspaceId: string,
  query: V1SendsQuery,
): Promise<V1Page<V1Send>> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await deps.db
    .select({
      id: emailSends.id,
      sequenceId: emailSends.sequenceId,
      stepId: emailSends.stepId,
      contactId: emailSends.contactId,
      contactEmail: contacts.email,
      subject: emailSends.subject,
      state: emailSends.state,
      scheduledFor: emailSends.scheduledFor,
      sentAt: emailSends.sentAt,
      openedAt: emailSends.openedAt,
      clickedAt: emailSends.clickedAt,
      repliedAt: emailSends.repliedAt,
      bouncedAt: emailSends.bouncedAt,
      lastError: emailSends.lastError,
    })
    .from(emailSends)
    .innerJoin(contacts, eq(contacts.id, emailSends.contactId))
    .where(
      and(
        eq(emailSends.workspaceId, workspaceId),
        query.status ? eq(emailSends.state, query.status) : undefined,
        query.sequenceId ? eq(emailSends.sequenceId, query.sequenceId) : undefined,
        query.since ? gte(emailSends.scheduledFor, query.since) : undefined,
        query.until ? lt(emailSends.scheduledFor, query.until) : undefined,
        after
          ? sql`(${emailSends.scheduledFor}, ${emailSends.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(emailSends.scheduledFor), desc(emailSends.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    data: page.map((row) => ({
      ...row,
      state: row.state as V1Send['state'],
      scheduledFor: row.scheduledFor.toISOString(),
      sentAt: iso(row.sentAt),
      openedAt: iso(row.openedAt),
      clickedAt: iso(row.clickedAt),
      repliedAt: iso(row.repliedAt),
      bouncedAt: iso(row.bouncedAt),
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.scheduledFor, last.id) : null,
  };
}

/** One email's tracking events (opens, clicks, replies, bounces, unsubscribes), oldest first. */
export async function listSendEvents(deps: CoreDeps, workspaceId: string, sendId: string) {
  const [send] = await deps.db
    .select({ id: emailSends.id })
    .from(emailSends)
    .where(and(eq(emailSends.id, sendId), eq(emailSends.workspaceId, workspaceId)));
  if (!send) throw new AppError('NOT_FOUND', EMAIL_SEND_NOT_FOUND);
  const rows = await deps.db
    .select({
      id: trackingEvents.id,
      type: trackingEvents.type,
      occurredAt: trackingEvents.occurredAt,
      url: trackingEvents.url,
      flaggedReason: trackingEvents.flaggedReason,
    })
    .from(trackingEvents)
    .where(and(eq(trackingEvents.emailSendId, sendId), eq(trackingEvents.workspaceId, workspaceId)))
    .orderBy(asc(trackingEvents.occurredAt), asc(trackingEvents.id));
  return { data: rows.map((row) => ({ ...row, occurredAt: row.occurredAt.toISOString() })) };
}
