import type { CoreDeps } from '../deps';
import { applyFirstEngagements, type FirstEngagement } from './first-engagement';
import { isLinkToken } from './link-token';
import { type OpenFlag, openFlag } from './open-filter';
import {
  insertTrackedEvents,
  keepEarliest,
  sendsByToken,
  type TrackedEvent,
  type TrackedRequest,
  trackedEvent,
} from './tracked-request';

/** One fetch of an open pixel, as the route saw it. */
export type OpenRequest = TrackedRequest;

export type OpenOutcome = 'unknown' | 'counted' | OpenFlag;

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
  const events: TrackedEvent[] = [];
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
    events.push(trackedEvent(send, open, 'open', flag));
    if (!flag) keepEarliest(firstCounted, send, open);
  }
  if (events.length === 0) return outcomes;
  await deps.db.transaction(async (tx) => {
    await insertTrackedEvents(tx, events);
    await applyFirstEngagements(tx, 'open', firstCounted);
  });
  return outcomes;
}

/** One pixel fetch, recorded at once (see recordOpens). */
export async function recordOpen(deps: CoreDeps, open: OpenRequest): Promise<OpenOutcome> {
  const [outcome] = await recordOpens(deps, [open]);
  return outcome ?? 'unknown';
}
