import { trackingEvents } from '@prospector/db';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { burstClicks, type ClickFlag, clickFlag, type EmailClick, LINK_BURST_MS } from './click-filter';
import { applyFirstEngagements, type FirstEngagement, sqlArray } from './first-engagement';
import { isLinkToken } from './link-token';
import {
  insertTrackedEvents,
  keepEarliest,
  sendsByToken,
  type TrackedEvent,
  type TrackedRequest,
  trackedEvent,
} from './tracked-request';

/** One request of a click redirect whose signature held, as the route saw it. */
export interface ClickRequest extends TrackedRequest {
  url: string;
  method: 'GET' | 'HEAD';
}

export type ClickOutcome = 'unknown' | 'counted' | ClickFlag;

/** The clicks already recorded on these emails shortly before the batch: a burst may straddle two batches. */
async function earlierClicks(
  deps: CoreDeps,
  emails: { id: string; workspaceId: string }[],
  from: Date,
): Promise<EmailClick[]> {
  if (emails.length === 0) return [];
  const rows = await deps.db
    .select({
      emailSendId: trackingEvents.emailSendId,
      url: trackingEvents.url,
      at: trackingEvents.occurredAt,
    })
    .from(trackingEvents)
    .where(
      and(
        sql`${trackingEvents.workspaceId} = any(${sqlArray([...new Set(emails.map((email) => email.workspaceId))], 'uuid')})`,
        sql`${trackingEvents.emailSendId} = any(${sqlArray(
          emails.map((email) => email.id),
          'uuid',
        )})`,
        eq(trackingEvents.type, 'click'),
        gte(trackingEvents.occurredAt, new Date(from.getTime() - LINK_BURST_MS)),
      ),
    );
  return rows.map((row) => ({ emailSendId: row.emailSendId ?? '', url: row.url ?? '', at: row.at }));
}

/**
 * Clicks on tracked links, recorded together. Every click of a known token is a click event with its
 * link, user agent and address; scanners' clicks (decision 039: agents, HEAD, published gateway networks,
 * the first seconds after sending, several links of one email at once) are flagged and not counted. The
 * first counted click of an email sets its clicked_at, the enrolment's last event and the `email.clicked`
 * webhook, and resets the contact's not-opened streak. Unknown tokens change nothing.
 */
export async function recordClicks(deps: CoreDeps, clicks: ClickRequest[]): Promise<ClickOutcome[]> {
  const tokens = [...new Set(clicks.map((click) => click.trackingToken).filter(isLinkToken))];
  if (tokens.length === 0) return clicks.map(() => 'unknown');
  const byToken = await sendsByToken(deps, tokens);
  const known = clicks.flatMap((click) => {
    const send = byToken.get(click.trackingToken);
    return send ? [{ click, send }] : [];
  });
  if (known.length === 0) return clicks.map(() => 'unknown');
  const emailClicks = known.map(({ click, send }) => ({
    emailSendId: send.id,
    url: click.url,
    at: click.at,
  }));
  const firstAt = new Date(Math.min(...known.map(({ click }) => click.at.getTime())));
  const emails = [...new Map(known.map(({ send }) => [send.id, send])).values()];
  const burst = burstClicks(emailClicks, await earlierClicks(deps, emails, firstAt));
  const flags = new Map<ClickRequest, ClickFlag | null>();
  const events: TrackedEvent[] = [];
  const firstCounted = new Map<string, FirstEngagement>();
  known.forEach(({ click, send }, index) => {
    const flag = clickFlag({ ...click, sentAt: send.sentAt }) ?? (burst.has(index) ? 'link_burst' : null);
    flags.set(click, flag);
    events.push(trackedEvent(send, click, 'click', flag));
    if (!flag) keepEarliest(firstCounted, send, click);
  });
  await deps.db.transaction(async (tx) => {
    await insertTrackedEvents(tx, events);
    await applyFirstEngagements(tx, 'click', firstCounted);
  });
  return clicks.map((click) => (flags.has(click) ? (flags.get(click) ?? 'counted') : 'unknown'));
}
