import type { AbMetric } from '@prospector/contracts';
import { emailSends, sequenceSteps, stepVariants } from '@prospector/db';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { engagementBy, NO_ENGAGEMENT } from '../analytics/contact-engagement';
import type { CoreDeps } from '../deps';
import { decideWinner } from './decide-winner';

/** Per metric: which of the one counting rule's figures is a success (decision 029: a reply counts as an open). */
const METRIC_SUCCESS: Record<AbMetric, 'replied' | 'opened' | 'positive'> = {
  reply_rate: 'replied',
  open_rate: 'opened',
  positive_reply_rate: 'positive',
};

/**
 * Looks for a winner in every running A/B test with an automatic winner (decision 020): the contacts each
 * live variant was sent to and its successes on the test's metric, by the one counting rule, go through
 * decideWinner; a winner is written with a
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
  const live = await deps.db
    .select({ stepId: stepVariants.stepId, variantId: stepVariants.id, label: stepVariants.label })
    .from(stepVariants)
    .where(
      and(
        inArray(
          stepVariants.stepId,
          steps.map((step) => step.id),
        ),
        isNull(stepVariants.deletedAt),
      ),
    );
  const engagement = await engagementBy(
    deps,
    inArray(
      emailSends.variantId,
      live.map((variant) => variant.variantId),
    ),
    sql`${emailSends.variantId}::text`,
  );
  let decided = 0;
  for (const step of steps) {
    const variants = live
      .filter((row) => row.stepId === step.id)
      .map((row) => {
        const counts = engagement.get(row.variantId) ?? NO_ENGAGEMENT;
        return {
          id: row.variantId,
          label: row.label,
          sends: counts.sent,
          successes: counts[METRIC_SUCCESS[step.abMetric]],
        };
      });
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
