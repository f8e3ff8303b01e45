import type { RateWithInterval, VariantAnalytics, VariantDay } from '@prospector/contracts';
import {
  emailSends,
  sequenceSteps,
  stepVariantAssignments,
  stepVariants,
  trackingEvents,
} from '@prospector/db';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { wilsonInterval } from '../ab-tests/ab-statistics';
import type { CoreDeps } from '../deps';
import { positiveReplyCondition } from './positive-replies';

const sentWhere = (condition: SQL) =>
  sql<number>`count(${emailSends.id}) filter (where ${emailSends.state} = 'sent' and ${condition})::int`;

const unsubscribedFrom = sql`exists (select 1 from ${trackingEvents}
  where ${trackingEvents.emailSendId} = ${emailSends.id} and ${trackingEvents.type} in ('unsubscribe', 'complaint'))`;

function withInterval(part: number, whole: number): RateWithInterval {
  return { rate: whole > 0 ? part / whole : 0, ...wilsonInterval(part, whole) };
}

const sequenceVariants = (userId: string, sequenceId: string) =>
  and(eq(sequenceSteps.userId, userId), eq(sequenceSteps.sequenceId, sequenceId));

/**
 * Every variant of the sequence's steps with its sent emails and what their recipients did (opens are the
 * counted ones), each rate with its Wilson 95% interval, in step then label order.
 */
export async function variantFunnels(
  deps: CoreDeps,
  userId: string,
  sequenceId: string,
): Promise<VariantAnalytics[]> {
  const assigned = deps.db
    .select({ variantId: stepVariantAssignments.variantId, n: sql<number>`count(*)::int`.as('n') })
    .from(stepVariantAssignments)
    .where(eq(stepVariantAssignments.userId, userId))
    .groupBy(stepVariantAssignments.variantId)
    .as('assigned');
  const rows = await deps.db
    .select({
      stepId: stepVariants.stepId,
      variantId: stepVariants.id,
      label: stepVariants.label,
      deletedAt: stepVariants.deletedAt,
      assigned: sql<number>`coalesce(max(${assigned.n}), 0)::int`,
      sent: sentWhere(sql`true`),
      opened: sentWhere(sql`${emailSends.openedAt} is not null`),
      replied: sentWhere(sql`${emailSends.repliedAt} is not null`),
      positiveReplied: sentWhere(positiveReplyCondition()),
      bounced: sentWhere(sql`${emailSends.bouncedAt} is not null`),
      unsubscribed: sentWhere(unsubscribedFrom),
    })
    .from(stepVariants)
    .innerJoin(sequenceSteps, eq(sequenceSteps.id, stepVariants.stepId))
    .leftJoin(assigned, eq(assigned.variantId, stepVariants.id))
    .leftJoin(emailSends, eq(emailSends.variantId, stepVariants.id))
    .where(sequenceVariants(userId, sequenceId))
    .groupBy(
      stepVariants.stepId,
      stepVariants.id,
      stepVariants.label,
      stepVariants.deletedAt,
      sequenceSteps.order,
    )
    .orderBy(asc(sequenceSteps.order), asc(stepVariants.stepId), asc(stepVariants.label));
  return rows.map((row) => ({
    stepId: row.stepId,
    variantId: row.variantId,
    label: row.label,
    deleted: row.deletedAt !== null,
    assigned: row.assigned,
    sent: row.sent,
    opened: row.opened,
    replied: row.replied,
    positiveReplied: row.positiveReplied,
    bounced: row.bounced,
    unsubscribed: row.unsubscribed,
    openRate: withInterval(row.opened, row.sent),
    replyRate: withInterval(row.replied, row.sent),
    positiveReplyRate: withInterval(row.positiveReplied, row.sent),
    bounceRate: withInterval(row.bounced, row.sent),
    unsubscribeRate: withInterval(row.unsubscribed, row.sent),
  }));
}

/** Per variant and local day of sending: emails sent and the replies they had since (the reply-rate chart). */
export async function variantDays(
  deps: CoreDeps,
  userId: string,
  sequenceId: string,
  timezone: string,
): Promise<VariantDay[]> {
  const day = sql<string>`to_char(${emailSends.sentAt} at time zone ${timezone}, 'YYYY-MM-DD')`;
  const rows = await deps.db
    .select({
      date: day,
      stepId: stepVariants.stepId,
      variantId: stepVariants.id,
      label: stepVariants.label,
      sent: sql<number>`count(*)::int`,
      replied: sql<number>`count(*) filter (where ${emailSends.repliedAt} is not null)::int`,
    })
    .from(emailSends)
    .innerJoin(stepVariants, eq(stepVariants.id, emailSends.variantId))
    .where(
      and(
        eq(emailSends.userId, userId),
        eq(emailSends.sequenceId, sequenceId),
        eq(emailSends.state, 'sent'),
        sql`${emailSends.sentAt} is not null`,
      ),
    )
    // By position: the zone is a bound parameter, so a repeated expression would not match the select's.
    .groupBy(sql`1`, stepVariants.stepId, stepVariants.id, stepVariants.label)
    .orderBy(sql`1`, asc(stepVariants.label));
  return rows;
}
