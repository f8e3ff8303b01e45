import { type SequenceStep, STEP_NOT_FOUND } from '@prospector/contracts';
import { type AppDb, sequenceSteps } from '@prospector/db';
import { and, asc, eq } from 'drizzle-orm';
import { abTestOf } from '../ab-tests/ab-test-of-step';
import { AppError } from '../app-error';

export type StepRow = typeof sequenceSteps.$inferSelect;

export function toStep(row: StepRow): SequenceStep {
  const {
    workspaceId: _owner,
    createdAt,
    updatedAt,
    abMetric: _metric,
    abAutoWinner: _auto,
    abConfidence: _confidence,
    abMinSendsPerVariant: _min,
    abMaxSendsPerVariant: _max,
    abStatus: _status,
    abWinnerVariantId: _winner,
    abWinnerLabel: _label,
    abWinnerMetric: _winnerMetric,
    abWinnerReason: _reason,
    abDecidedAt: _decided,
    abWinnerRate: _rate,
    abRunnerUpRate: _runnerUp,
    abWinnerProbability: _probability,
    ...fields
  } = row;
  return {
    ...fields,
    abTest: abTestOf(row),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

/**
 * The user's step, or a 404: another user's step does not exist for this one, nor does a step of another
 * sequence than `inSequence` when it is given.
 */
export async function findStep(
  db: AppDb,
  workspaceId: string,
  id: string,
  inSequence?: string,
): Promise<StepRow> {
  const [row] = await db
    .select()
    .from(sequenceSteps)
    .where(
      and(
        eq(sequenceSteps.workspaceId, workspaceId),
        eq(sequenceSteps.id, id),
        inSequence ? eq(sequenceSteps.sequenceId, inSequence) : undefined,
      ),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', STEP_NOT_FOUND);
  return row;
}

/** A sequence's steps in order. */
export function selectSteps(db: AppDb, sequenceId: string): Promise<StepRow[]> {
  return db
    .select()
    .from(sequenceSteps)
    .where(eq(sequenceSteps.sequenceId, sequenceId))
    .orderBy(asc(sequenceSteps.order), asc(sequenceSteps.createdAt));
}
