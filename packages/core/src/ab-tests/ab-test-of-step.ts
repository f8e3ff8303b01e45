import type { AbTest } from '@prospector/contracts';
import type { sequenceSteps } from '@prospector/db';

type StepRow = typeof sequenceSteps.$inferSelect;

/** The step's A/B columns as the API's `abTest`. */
export function abTestOf(row: StepRow): AbTest {
  const winner =
    row.abStatus === 'winner' && row.abWinnerVariantId && row.abWinnerReason && row.abDecidedAt
      ? {
          variantId: row.abWinnerVariantId,
          label: row.abWinnerLabel ?? '',
          reason: row.abWinnerReason,
          decidedAt: row.abDecidedAt.toISOString(),
          metric: row.abWinnerMetric ?? row.abMetric,
          rate: row.abWinnerRate,
          runnerUpRate: row.abRunnerUpRate,
          probability: row.abWinnerProbability,
        }
      : null;
  return {
    metric: row.abMetric,
    autoWinner: row.abAutoWinner,
    confidence: row.abConfidence,
    minSendsPerVariant: row.abMinSendsPerVariant,
    maxSendsPerVariant: row.abMaxSendsPerVariant,
    status: row.abStatus,
    winner,
  };
}

/** The step columns that clear a decided winner. */
export const NO_WINNER = {
  abWinnerVariantId: null,
  abWinnerLabel: null,
  abWinnerMetric: null,
  abWinnerReason: null,
  abDecidedAt: null,
  abWinnerRate: null,
  abRunnerUpRate: null,
  abWinnerProbability: null,
} as const;
