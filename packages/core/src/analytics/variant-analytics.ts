import type { RateWithInterval, VariantAnalytics, VariantDay } from '@prospector/contracts';
import { emailSends, sequenceSteps, stepVariantAssignments, stepVariants } from '@prospector/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import { wilsonInterval } from '../ab-tests/ab-statistics';
import type { CoreDeps } from '../deps';
import { contactEngagement, engagementBy, NO_ENGAGEMENT } from './contact-engagement';

function withInterval(part: number, whole: number): RateWithInterval {
  return { rate: whole > 0 ? part / whole : 0, ...wilsonInterval(part, whole) };
}

const sequenceSends = (workspaceId: string, sequenceId: string) =>
  sql`${emailSends.workspaceId} = ${workspaceId} and ${emailSends.sequenceId} = ${sequenceId}
    and ${emailSends.variantId} is not null`;

/**
 * Every variant of the sequence's steps with the contacts sent its emails and what they did (the one
 * counting rule, decision 029), each rate with its Wilson 95% interval, in step then label order.
 */
export async function variantFunnels(
  deps: CoreDeps,
  workspaceId: string,
  sequenceId: string,
): Promise<VariantAnalytics[]> {
  const assigned = deps.db
    .select({ variantId: stepVariantAssignments.variantId, n: sql<number>`count(*)::int`.as('n') })
    .from(stepVariantAssignments)
    .where(eq(stepVariantAssignments.workspaceId, workspaceId))
    .groupBy(stepVariantAssignments.variantId)
    .as('assigned');
  const [variants, engagement] = await Promise.all([
    deps.db
      .select({
        stepId: stepVariants.stepId,
        variantId: stepVariants.id,
        label: stepVariants.label,
        deletedAt: stepVariants.deletedAt,
        assigned: sql<number>`coalesce(${assigned.n}, 0)::int`,
      })
      .from(stepVariants)
      .innerJoin(sequenceSteps, eq(sequenceSteps.id, stepVariants.stepId))
      .leftJoin(assigned, eq(assigned.variantId, stepVariants.id))
      .where(and(eq(sequenceSteps.workspaceId, workspaceId), eq(sequenceSteps.sequenceId, sequenceId)))
      .orderBy(asc(sequenceSteps.order), asc(stepVariants.stepId), asc(stepVariants.label)),
    engagementBy(deps, sequenceSends(workspaceId, sequenceId), sql`${emailSends.variantId}::text`),
  ]);
  return variants.map((variant) => {
    const counts = engagement.get(variant.variantId) ?? NO_ENGAGEMENT;
    return {
      stepId: variant.stepId,
      variantId: variant.variantId,
      label: variant.label,
      deleted: variant.deletedAt !== null,
      assigned: variant.assigned,
      sent: counts.sent,
      opened: counts.opened,
      clicked: counts.clicked,
      replied: counts.replied,
      positiveReplied: counts.positive,
      bounced: counts.bounced,
      unsubscribed: counts.unsubscribed,
      openRate: withInterval(counts.opened, counts.sent),
      clickRate: withInterval(counts.clicked, counts.sent),
      replyRate: withInterval(counts.replied, counts.sent),
      positiveReplyRate: withInterval(counts.positive, counts.sent),
      bounceRate: withInterval(counts.bounced, counts.sent),
      unsubscribeRate: withInterval(counts.unsubscribed, counts.sent),
    };
  });
}

/** Per variant and local day of sending: contacts sent and those who replied since (the reply-rate chart). */
export async function variantDays(
  deps: CoreDeps,
  workspaceId: string,
  sequenceId: string,
  timezone: string,
): Promise<VariantDay[]> {
  const day = sql`to_char(${emailSends.sentAt} at time zone ${timezone}, 'YYYY-MM-DD')`;
  const [variants, rows] = await Promise.all([
    deps.db
      .select({ stepId: stepVariants.stepId, variantId: stepVariants.id, label: stepVariants.label })
      .from(stepVariants)
      .innerJoin(sequenceSteps, eq(sequenceSteps.id, stepVariants.stepId))
      .where(and(eq(sequenceSteps.workspaceId, workspaceId), eq(sequenceSteps.sequenceId, sequenceId))),
    // One group per variant and day: the variant's id, a space, then the day.
    contactEngagement(
      deps,
      sql`${sequenceSends(workspaceId, sequenceId)} and ${emailSends.sentAt} is not null`,
      sql`${emailSends.variantId}::text || ' ' || ${day}`,
    ),
  ]);
  const byId = new Map(variants.map((variant) => [variant.variantId, variant]));
  const result: VariantDay[] = [];
  for (const row of rows) {
    const [variantId, date] = String(row.group).split(' ') as [string, string];
    const variant = byId.get(variantId);
    if (!variant) continue;
    result.push({ ...variant, date, sent: row.sent, replied: row.replied });
  }
  return result.sort((a, b) => a.date.localeCompare(b.date) || a.label.localeCompare(b.label));
}
