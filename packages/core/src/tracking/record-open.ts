import { emailSends, trackingEvents } from '@prospector/db';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { EMAIL_JOINS, emailJson, isoJson } from '../webhooks/event-json';
import { outboxCtes } from '../webhooks/outbox';
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

const array = (values: string[], type: 'uuid' | 'timestamptz'): SQL =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::${sql.raw(type)}[]`;

/** `email.opened` for each email whose first counted open this is. */
const openedEvents = sql`select e.user_id, 'email.opened'::text as type, first_open.at as occurred_at,
  ${emailJson('e')} || jsonb_build_object('openedAt', ${isoJson(sql`first_open.at`)}) as data
  from first_open join email_sends e on e.id = first_open.id ${EMAIL_JOINS}`;

/**
 * Fetches of open pixels, recorded together. Every fetch of a known token is an open event with its user
 * agent and address; bots, security scanners and fetches within seconds of sending are flagged and not
 * counted. The first counted open of an email sets its opened_at and the enrolment's last event; a counted
 * open resets the contact's not-opened streak. Unknown tokens change nothing. Returns each fetch's outcome.
 */
export async function recordOpens(deps: CoreDeps, opens: OpenRequest[]): Promise<OpenOutcome[]> {
  const tokens = [...new Set(opens.map((open) => open.trackingToken).filter(isLinkToken))];
  if (tokens.length === 0) return opens.map(() => 'unknown');
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
  const byToken = new Map(sends.map((send) => [send.trackingToken, send]));
  const outcomes: OpenOutcome[] = [];
  const events: (typeof trackingEvents.$inferInsert)[] = [];
  /** The earliest counted open of each email in the batch. */
  const firstCounted = new Map<string, { at: Date; contactId: string }>();
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
      firstCounted.set(send.id, { at: open.at, contactId: send.contactId });
  }
  if (events.length === 0) return outcomes;
  await deps.db.transaction(async (tx) => {
    await tx.insert(trackingEvents).values(events);
    if (firstCounted.size === 0) return;
    const ids = [...firstCounted.keys()];
    const ats = ids.map((id) => firstCounted.get(id)!.at.toISOString());
    const contactIds = [...new Set([...firstCounted.values()].map((open) => open.contactId))];
    // One statement for the effects: the pixel is the app's hottest path.
    await tx.execute(sql`
      with counted as (select * from unnest(${array(ids, 'uuid')}, ${array(ats, 'timestamptz')}) as c(id, at)),
      first_open as (
        update email_sends e set opened_at = counted.at, updated_at = counted.at
        from counted where e.id = counted.id and e.opened_at is null
        returning e.id, e.sequence_contact_id, counted.at
      ),
      ${outboxCtes(openedEvents)},
      streak as (
        update contacts set not_opened_streak = 0
        where id = any(${array(contactIds, 'uuid')}) and not_opened_streak > 0
      )
      update sequence_contacts s set last_event = 'open', last_event_at = first_open.at
      from first_open where s.id = first_open.sequence_contact_id`);
  });
  return outcomes;
}

/** One pixel fetch, recorded at once (see recordOpens). */
export async function recordOpen(deps: CoreDeps, open: OpenRequest): Promise<OpenOutcome> {
  const [outcome] = await recordOpens(deps, [open]);
  return outcome ?? 'unknown';
}
