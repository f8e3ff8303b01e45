import { type AbTestPatch, VARIANT_NOT_FOUND } from '@prospector/contracts';
import { type AppDb, type sequenceSteps, stepVariants } from '@prospector/db';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../app-error';
import { NO_WINNER } from './ab-test-of-step';

type StepRow = typeof sequenceSteps.$inferSelect;
type StepUpdate = Partial<typeof sequenceSteps.$inferInsert>;

/**
 * The step columns for PATCH /api/steps/{id} `abTest`: the rule (metric, automatic winner, confidence,
 * sizes), a winner picked by hand (a live variant of the step), or stopping or restarting the test.
 */
export async function abTestChanges(
  db: AppDb,
  step: StepRow,
  patch: AbTestPatch,
  now: Date,
): Promise<StepUpdate> {
  const changes: StepUpdate = {
    ...(patch.metric !== undefined && { abMetric: patch.metric }),
    ...(patch.autoWinner !== undefined && { abAutoWinner: patch.autoWinner }),
    ...(patch.confidence !== undefined && { abConfidence: patch.confidence }),
    ...(patch.minSendsPerVariant !== undefined && { abMinSendsPerVariant: patch.minSendsPerVariant }),
    ...(patch.maxSendsPerVariant !== undefined && { abMaxSendsPerVariant: patch.maxSendsPerVariant }),
  };
  const min = changes.abMinSendsPerVariant ?? step.abMinSendsPerVariant;
  const max = changes.abMaxSendsPerVariant ?? step.abMaxSendsPerVariant;
  if (max < min) {
    throw new AppError(
      'VALIDATION_ERROR',
      'Maximum sends per variant must be at least the minimum sends per variant',
    );
  }
  if (patch.status !== undefined) Object.assign(changes, NO_WINNER, { abStatus: patch.status });
  if (patch.winnerVariantId !== undefined) {
    const [variant] = await db
      .select({ id: stepVariants.id, label: stepVariants.label })
      .from(stepVariants)
      .where(
        and(
          eq(stepVariants.stepId, step.id),
          eq(stepVariants.id, patch.winnerVariantId),
          isNull(stepVariants.deletedAt),
        ),
      );
    if (!variant) throw new AppError('NOT_FOUND', VARIANT_NOT_FOUND);
    Object.assign(changes, NO_WINNER, {
      abStatus: 'winner',
      abWinnerVariantId: variant.id,
      abWinnerLabel: variant.label,
      abWinnerMetric: changes.abMetric ?? step.abMetric,
      abWinnerReason: 'manual',
      abDecidedAt: now,
    });
  }
  return changes;
}

/** Keeps variant A's template the step's own. */
export async function syncVariantA(db: AppDb, stepId: string, templateId: string | null, now: Date) {
  await db
    .update(stepVariants)
    .set({ templateId, updatedAt: now })
    .where(and(eq(stepVariants.stepId, stepId), eq(stepVariants.label, 'A')));
}
