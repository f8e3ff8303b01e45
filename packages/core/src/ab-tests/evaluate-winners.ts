import type { AbMetric } from '@prospector/contracts';
import { emailSends, sequenceSteps, stepVariants } from '@prospector/db';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { positiveReplyCondition } from '../analytics/positive-replies';
import type { CoreDeps } from '../deps';
import { decideWinner } from './decide-winner';

/** Per metric: which sent emails count as a success. Opens are the counted ones (decision 012). */
export const METRIC_SUCCESS: Record<AbMetric, () => SQL<boolean>> = {
  reply_rate: () => sql<boolean>`${emailSends.repliedAt} is not null`,
  open_rate: () => sql<boolean>`${emailSends.openedAt} is not null`,
  positive_reply_rate: positiveReplyCondition,
};

const countWhere = (condition: SQL) =>
  sql<number>`count(*) filter (where ${emailSends.state} = 'sent' and ${condition})::int`;

/**
 * Looks for a winner in every running A/B test with an automatic winner (decision 020): the live variants'
 * sent emails and successes on the test's metric go through decideWinner; a winner is written with a
 * guarded update, so two workers evaluating at once write it once. Run by every engine round, so a reply
 * or an open counts at the next round. Returns how many tests were decided.
 */
export async function evaluateAbTests(deps: CoreDeps): Promise<number> {
  const steps = await deps.db
    .select()
    .from(sequenceSteps)
    .where(
      and(
        eq(sequenceSteps.abAutoWinner, true),
        eq(sequenceSteps.abStatus, 'running'),
        sql`(select count(*) from ${stepVariants} where ${stepVariants.stepId} = ${sequenceSteps.id}
          and ${stepVariants.deletedAt} is null) >= 2`,
      ),
    );
  if (steps.length === 0) return 0;
  const counts = await deps.db
    .select({
      stepId: stepVariants.stepId,
      variantId: stepVariants.id,
      label: stepVariants.label,
      sends: countWhere(sql`true`),
      reply_rate: countWhere(METRIC_SUCCESS.reply_rate()),
      open_rate: countWhere(METRIC_SUCCESS.open_rate()),
      positive_reply_rate: countWhere(METRIC_SUCCESS.positive_reply_rate()),
    })
    .from(stepVariants)
    .leftJoin(emailSends, eq(emailSends.variantId, stepVariants.id))
    .where(
      and(
        inArray(
          stepVariants.stepId,
          steps.map((step) => step.id),
        ),
        isNull(stepVariants.deletedAt),
      ),
    )
    .groupBy(stepVariants.stepId, stepVariants.id, stepVariants.label);
  let decided = 0;
  for (const step of steps) {
    const variants = counts
      .filter((row) => row.stepId === step.id)
      .map((row) => ({
        id: row.variantId,
        label: row.label,
        sends: row.sends,
        successes: row[step.abMetric],
      }));
    const decision = decideWinner(variants, {
      confidence: step.abConfidence,
      minSendsPerVariant: step.abMinSendsPerVariant,
      maxSendsPerVariant: step.abMaxSendsPerVariant,
    });
    if (!decision) continue;
    const updated = await deps.db
      .update(sequenceSteps)
      .set({
        abStatus: 'winner',
        abWinnerVariantId: decision.variantId,
        abWinnerLabel: variants.find((v) => v.id === decision.variantId)?.label ?? null,
        abWinnerMetric: step.abMetric,
        abWinnerReason: decision.reason,
        abDecidedAt: deps.clock.now(),
        abWinnerRate: decision.rate,
        abRunnerUpRate: decision.runnerUpRate,
        abWinnerProbability: decision.probability,
        updatedAt: deps.clock.now(),
      })
      .where(
        and(
          eq(sequenceSteps.id, step.id),
          eq(sequenceSteps.abStatus, 'running'),
          eq(sequenceSteps.abAutoWinner, true),
        ),
      )
      .returning({ id: sequenceSteps.id });
    decided += updated.length;
  }
  return decided;
}
