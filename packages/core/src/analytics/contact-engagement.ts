import type { SendFunnel } from '@prospector/contracts';
import { emailSends, trackingEvents } from '@prospector/db';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';
import type { CoreDeps } from '../deps';
import { positiveReplyCondition, repliedWithLeadStatus } from './positive-replies';

/** Unique contacts of a set of sent emails, by what they did with any of them: the funnel's counts. */
export type EngagementCounts = Pick<
  SendFunnel,
  | 'sent'
  | 'delivered'
  | 'opened'
  | 'clicked'
  | 'replied'
  | 'bounced'
  | 'unsubscribed'
  | 'interested'
  | 'positive'
>;

export const NO_ENGAGEMENT: EngagementCounts = {
  sent: 0,
  delivered: 0,
  opened: 0,
  clicked: 0,
  replied: 0,
  bounced: 0,
  unsubscribed: 0,
  interested: 0,
  positive: 0,
};

const eventOfSend = (types: SQL) => sql`exists (select 1 from ${trackingEvents}
  where ${trackingEvents.emailSendId} = ${emailSends.id} and ${trackingEvents.type} in (${types}))`;

/**
 * A click a person made: set with the first counted click event, so the figures, the Email Sending
 * status and the engine agree; link scanners' clicks are flagged and never set it.
 */
const clickedSend = sql`${emailSends.clickedAt} is not null`;

/**
 * What one sent email tells of its contact. A reply or a click proves the email was opened even when
 * the pixel was blocked, so both count as an open.
 */
const SEND_FACTS: Record<keyof EngagementCounts, SQL> = {
  sent: sql`true`,
  delivered: sql`${emailSends.bouncedAt} is null`,
  opened: sql`(${emailSends.openedAt} is not null or ${emailSends.repliedAt} is not null or ${clickedSend})`,
  clicked: clickedSend,
  replied: sql`${emailSends.repliedAt} is not null`,
  bounced: sql`${emailSends.bouncedAt} is not null`,
  unsubscribed: eventOfSend(sql`'unsubscribe', 'complaint'`),
  interested: repliedWithLeadStatus(['interested']),
  positive: positiveReplyCondition(),
};
const FACTS = Object.keys(SEND_FACTS) as (keyof EngagementCounts)[];

/**
 * The one counting rule of every figure on sent emails (decision 029): over the sent emails `where`
 * selects, grouped by `groupBy` (a step, a variant, a day; a constant for one total), each contact counts
 * once for each thing they did with any of the group's emails. Rates are then over the unique contacts
 * sent, so a contact who replied to two steps counts once on the sequence and once on each step.
 */
export async function contactEngagement(
  deps: Pick<CoreDeps, 'db'>,
  where: SQL,
  groupBy: SQL = sql`null::text`,
): Promise<(EngagementCounts & { group: string | null })[]> {
  const perSend = FACTS.map((fact) => sql`bool_or(${SEND_FACTS[fact]}) as ${sql.identifier(fact)}`);
  const perGroup = FACTS.map(
    (fact) =>
      sql`count(*) filter (where per_contact.${sql.identifier(fact)})::int as ${sql.identifier(fact)}`,
  );
  const rows = await queryRows<EngagementCounts & { group: string | null }>(
    deps.db,
    sql`select per_contact."group", ${sql.join(perGroup, sql`, `)}
      from (
        select ${groupBy} as "group", ${emailSends.contactId}, ${sql.join(perSend, sql`, `)}
        from ${emailSends}
        where ${emailSends.state} = 'sent' and ${where}
        group by 1, ${emailSends.contactId}
      ) per_contact
      group by 1
      order by 1`,
  );
  return rows.map((row) => ({
    group: row.group === null ? null : String(row.group),
    ...Object.fromEntries(FACTS.map((fact) => [fact, Number(row[fact])])),
  })) as (EngagementCounts & { group: string | null })[];
}

/** The figures of each group, keyed by its value (null for the emails without one). */
export async function engagementBy(
  deps: Pick<CoreDeps, 'db'>,
  where: SQL,
  groupBy: SQL,
): Promise<Map<string | null, EngagementCounts>> {
  const rows = await contactEngagement(deps, where, groupBy);
  return new Map(rows.map(({ group, ...counts }) => [group, counts]));
}
