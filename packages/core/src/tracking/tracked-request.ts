import { emailSends, type trackingEvents } from '@prospector/db';
import { inArray } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import type { FirstEngagement } from './first-engagement';
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
  userId: string;
  contactId: string;
  sentAt: Date | null;
  trackingToken: string;
}

/** The emails of the tokens a batch of tracking requests names, by token. */
export async function sendsByToken(deps: CoreDeps, tokens: string[]): Promise<Map<string, TrackedSend>> {
  const sends = await deps.db
    .select({
      id: emailSends.id,
      userId: emailSends.userId,
      contactId: emailSends.contactId,
      sentAt: emailSends.sentAt,
      trackingToken: emailSends.trackingToken,
    })
    .from(emailSends)
    .where(inArray(emailSends.trackingToken, tokens));
  return new Map(sends.map((send) => [send.trackingToken, send]));
}

/** The tracking event one request of a known email is stored as, flagged or counted. */
export function trackedEvent(
  send: TrackedSend,
  request: TrackedRequest & { url?: string },
  type: 'open' | 'click',
  flag: string | null,
): typeof trackingEvents.$inferInsert {
  return {
    userId: send.userId,
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

/** Keeps the earliest counted open or click of each email of a batch: only the first one has effects. */
export function keepEarliest(
  firsts: Map<string, FirstEngagement>,
  send: TrackedSend,
  request: TrackedRequest & { url?: string },
) {
  const earlier = firsts.get(send.id);
  if (earlier && earlier.at <= request.at) return;
  firsts.set(send.id, { userId: send.userId, contactId: send.contactId, at: request.at, url: request.url });
}
