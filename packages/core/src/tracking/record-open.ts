import { emailSends, trackingEvents } from '@prospector/db';
import { inArray } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { applyFirstEngagements, type FirstEngagement } from './first-engagement';
import { clip, ipOrNull, isLinkToken } from './link-token';
import { type OpenFlag, openFlag } from './open-filter';

/** One fetch of an open pixel, as the route saw it. */
export interface OpenRequest {
  trackingToken: string;
  userAgent?: string;
  ip?: string;
  /** When the pixel was fetched. */
  at: Date;
}

export type OpenOutcome = 'unknown' | 'counted' | OpenFlag;

/** The emails of the tokens a batch of tracking requests names, by token. */
export async function sendsByToken(deps: CoreDeps, tokens: string[]) {
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

/**
 * Fetches of open pixels, recorded together. Every fetch of a known token is an open event with its user
 * agent and address; bots, security scanners and fetches within seconds of sending are flagged and not
 * counted. The first counted open of an email sets its opened_at and the enrolment's last event; a counted
 * open resets the contact's not-opened streak. Unknown tokens change nothing. Returns each fetch's outcome.
 */
export async function recordOpens(deps: CoreDeps, opens: OpenRequest[]): Promise<OpenOutcome[]> {
  const tokens = [...new Set(opens.map((open) => open.trackingToken).filter(isLinkToken))];
  if (tokens.length === 0) return opens.map(() => 'unknown');
  const byToken = await sendsByToken(deps, tokens);
  const outcomes: OpenOutcome[] = [];
  const events: (typeof trackingEvents.$inferInsert)[] = [];
  /** The earliest counted open of each email in the batch. */
  const firstCounted = new Map<string, FirstEngagement>();
  for (const open of opens) {
    const send = byToken.get(open.trackingToken);
    if (!send) {
      outcomes.push('unknown');
      continue;
    }
    const flag = openFlag({ userAgent: open.userAgent, sentAt: send.sentAt, at: open.at });
    outcomes.push(flag ?? 'counted');
    events.push({
      userId: send.userId,
      emailSendId: send.id,
      contactId: send.contactId,
      type: 'open',
      trackingToken: open.trackingToken,
      userAgent: clip(open.userAgent),
      ipAddress: ipOrNull(open.ip),
      flaggedReason: flag,
      occurredAt: open.at,
    });
    const earlier = firstCounted.get(send.id);
    if (!flag && (!earlier || open.at < earlier.at))
      firstCounted.set(send.id, { userId: send.userId, at: open.at, contactId: send.contactId });
  }
  if (events.length === 0) return outcomes;
  await deps.db.transaction(async (tx) => {
    await tx.insert(trackingEvents).values(events);
    await applyFirstEngagements(tx, 'open', firstCounted);
  });
  return outcomes;
}

/** One pixel fetch, recorded at once (see recordOpens). */
export async function recordOpen(deps: CoreDeps, open: OpenRequest): Promise<OpenOutcome> {
  const [outcome] = await recordOpens(deps, [open]);
  return outcome ?? 'unknown';
}
