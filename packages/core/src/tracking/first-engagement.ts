import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../engine/engine-deps';
import { EMAIL_JOINS, emailJson, isoJson } from '../webhooks/event-json';
import { outboxCtes } from '../webhooks/outbox';

/** The first counted open or click of one email in a batch. */
export interface FirstEngagement {
  workspaceId: string;
  at: Date;
  contactId: string;
  /** The link clicked; none for an open. */
  url?: string;
}

/**
 * A typed array of values bound as one parameter, for unnest and any(): a batch of any size is a handful of
 * parameters, so building the statement costs the same for ten rows as for a thousand.
 */
export const sqlArray = (values: (string | null)[], type: 'uuid' | 'timestamptz' | 'text'): SQL =>
  sql`${sql.param(values)}::${sql.raw(type)}[]`;

const KINDS = {
  open: {
    column: sql.raw('opened_at'),
    event: 'email.opened',
    payload: sql`'openedAt', ${isoJson(sql`first.at`)}`,
  },
  click: {
    column: sql.raw('clicked_at'),
    event: 'email.clicked',
    payload: sql`'clickedAt', ${isoJson(sql`first.at`)}, 'url', first.url`,
  },
} as const;

/**
 * What a person's first open or click of an email changes, in one statement (the pixel and the click
 * redirect are the app's hottest paths): the email's opened_at or clicked_at (only when not set before),
 * its `email.opened` or `email.clicked` webhook, the contact's not-opened streak back to 0, and the
 * enrolment's last event.
 */
export async function applyFirstEngagements(
  tx: Pick<Tx, 'execute'>,
  kind: keyof typeof KINDS,
  firsts: Map<string, FirstEngagement>,
): Promise<void> {
  if (firsts.size === 0) return;
  const { column, event, payload } = KINDS[kind];
  const ids = [...firsts.keys()];
  const ats = ids.map((id) => firsts.get(id)!.at.toISOString());
  const urls = ids.map((id) => firsts.get(id)!.url ?? null);
  const workspaceIds = ids.map((id) => firsts.get(id)!.workspaceId);
  const contactIds = [...new Set([...firsts.values()].map((first) => first.contactId))];
  const webhooks = sql`select e.workspace_id, ${event}::text as type, first.at as occurred_at,
    ${emailJson('e')} || jsonb_build_object(${payload}) as data
    from first join email_sends e on e.id = first.id ${EMAIL_JOINS}`;
  await tx.execute(sql`
    with counted as (
      select * from unnest(${sqlArray(ids, 'uuid')}, ${sqlArray(workspaceIds, 'uuid')}, ${sqlArray(ats, 'timestamptz')},
        ${sqlArray(urls, 'text')}) as c(id, workspace_id, at, url)),
    first as (
      update email_sends e set ${column} = counted.at, updated_at = counted.at
      from counted where e.id = counted.id and e.workspace_id = counted.workspace_id and e.${column} is null
      returning e.id, e.workspace_id, e.sequence_contact_id, counted.at, counted.url
    ),
    ${outboxCtes(webhooks)},
    streak as (
      update contacts set not_opened_streak = 0
      where workspace_id = any(${sqlArray([...new Set(workspaceIds)], 'uuid')}) and id = any(${sqlArray(contactIds, 'uuid')})
        and not_opened_streak > 0
    )
    update sequence_contacts s set last_event = ${kind}, last_event_at = first.at
    from first where s.workspace_id = first.workspace_id and s.id = first.sequence_contact_id`);
}
