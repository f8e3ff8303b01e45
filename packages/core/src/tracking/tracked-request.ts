import { emailSends, trackingEvents } from '@prospector/db';
import { sql } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import type { Tx } from '../engine/engine-deps';
import { type FirstEngagement, sqlArray } from './first-engagement';
import { clip, ipOrNull } from './link-token';

/** What the pixel and the click redirect know of a request: the email's token and who asked. */
export interface TrackedRequest {
  trackingToken: string;
  userAgent?: string;
  ip?: string;
  at: Date;
}

/** An email a tracking request named, with what its event needs. */
export interface TrackedSend {
  id: string;
  workspaceId: string;
  contactId: string;
  sentAt: Date | null;
  trackingToken: string;
}

/** The emails of the tokens a batch of tracking requests names, by token. */
export async function sendsByToken(
  deps: Pick<CoreDeps, 'db'>,
  tokens: string[],
): Promise<Map<string, TrackedSend>> {
  const sends = await deps.db
    .select({
      id: emailSends.id,
      workspaceId: emailSends.workspaceId,
      contactId: emailSends.contactId,
      sentAt: emailSends.sentAt,
      trackingToken: emailSends.trackingToken,
    })
    .from(emailSends)
    .where(sql`${emailSends.trackingToken} = any(${sqlArray(tokens, 'text')})`);
  return new Map(sends.map((send) => [send.trackingToken, send]));
}

/** One row of tracking_events as a tracking request is written. */
export interface TrackedEvent {
  workspaceId: string;
  emailSendId: string;
  contactId: string;
  type: 'open' | 'click';
  trackingToken: string;
  url: string | null;
  userAgent: string | null;
  ipAddress: string | null;
  flaggedReason: string | null;
  occurredAt: Date;
}

/** The tracking event one request of a known email is stored as, flagged or counted. */
export function trackedEvent(
  send: TrackedSend,
  request: TrackedRequest & { url?: string },
  type: 'open' | 'click',
  flag: string | null,
): TrackedEvent {
  return {
    workspaceId: send.workspaceId,
    emailSendId: send.id,
    contactId: send.contactId,
    type,
    trackingToken: request.trackingToken,
    url: request.url ?? null,
    userAgent: clip(request.userAgent),
    ipAddress: ipOrNull(request.ip),
    flaggedReason: flag,
    occurredAt: request.at,
  };
}

/**
 * Writes a batch's events in one statement whose parameters are one array per column (ten, whatever the
 * batch's size): building a row-by-row insert cost the batch more time than the database took to write it.
 */
export async function insertTrackedEvents(tx: Tx, events: TrackedEvent[]): Promise<void> {
  const column = (type: string, value: (event: TrackedEvent) => string | null) =>
    sql`${sql.param(events.map(value))}::${sql.raw(type)}[]`;
  await tx.execute(sql`insert into ${trackingEvents} (workspace_id, email_send_id, contact_id, type, tracking_token,
      url, user_agent, ip_address, flagged_reason, occurred_at)
    select * from unnest(${column('uuid', (e) => e.workspaceId)}, ${column('uuid', (e) => e.emailSendId)},
      ${column('uuid', (e) => e.contactId)}, ${column('text', (e) => e.type)},
      ${column('text', (e) => e.trackingToken)}, ${column('text', (e) => e.url)},
      ${column('text', (e) => e.userAgent)}, ${column('inet', (e) => e.ipAddress)},
      ${column('text', (e) => e.flaggedReason)}, ${column('timestamptz', (e) => e.occurredAt.toISOString())})`);
}

/** Keeps the earliest counted open or click of each email of a batch: only the first one has effects. */
export function keepEarliest(
  firsts: Map<string, FirstEngagement>,
  send: TrackedSend,
  request: TrackedRequest & { url?: string },
) {
  const earlier = firsts.get(send.id);
  if (earlier && earlier.at <= request.at) return;
  firsts.set(send.id, {
    workspaceId: send.workspaceId,
    contactId: send.contactId,
    at: request.at,
    url: request.url,
  });
}
