import { z } from 'zod';

// A/B tests of send steps (decision 020): variants A to E, the split, the winner rule and its outcome.

export const AB_METRICS = ['reply_rate', 'positive_reply_rate', 'open_rate'] as const;
export type AbMetric = (typeof AB_METRICS)[number];
export const AB_METRIC_NAMES: Record<AbMetric, string> = {
  reply_rate: 'reply rate',
  positive_reply_rate: 'positive-reply rate',
  open_rate: 'open rate',
};
export const AB_STATUSES = ['running', 'winner', 'stopped'] as const;
export type AbStatus = (typeof AB_STATUSES)[number];
export const AB_WINNER_REASONS = ['significant', 'max_size', 'manual'] as const;
export type AbWinnerReason = (typeof AB_WINNER_REASONS)[number];

export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 5;
/** Labels in order; a deleted variant keeps its label, so a later one takes the next letter. */
export const VARIANT_LABELS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];

export const VARIANT_NOT_FOUND = 'Variant not found';
export const TOO_MANY_VARIANTS = `A step can have at most ${MAX_VARIANTS} variants`;
export const NO_MORE_LABELS =
  'This step has used every variant letter; create a new step to test more versions';
export const ONLY_SEND_STEPS_HAVE_VARIANTS = 'Only send-email steps can have variants';
export const VARIANT_A_UNDELETABLE = "Variant A is the step's own email and cannot be deleted";
export const WEIGHT_MESSAGE =
  'Weight must be a whole percentage between 0 and 100, or empty for an even split';
export const OPENS_WARNING =
  'Opens are unreliable: privacy proxies and security scanners open emails too. Bot and scanner opens are not counted, but reply rate is the safer measure.';
export const POSITIVE_REPLIES_NOTE =
  'Positive replies are replies whose contact is Interested or Meeting booked in the Inbox.';

const weight = z
  .number({ error: WEIGHT_MESSAGE })
  .int(WEIGHT_MESSAGE)
  .min(0, WEIGHT_MESSAGE)
  .max(100, WEIGHT_MESSAGE)
  .nullable();
const templateId = z.uuid('Please select an email template');

/** POST /api/steps/{stepId}/variants. */
export const createVariantSchema = z.object({ templateId, weight: weight.optional() });
export type CreateVariantInput = z.output<typeof createVariantSchema>;

/** PATCH /api/steps/{stepId}/variants/{variantId}. */
export const updateVariantSchema = z.object({ templateId: templateId.optional(), weight: weight.optional() });
export type UpdateVariantInput = z.output<typeof updateVariantSchema>;

/** The `abTest` field of PATCH /api/steps/{stepId}: the rule, or a decision by hand. */
export const abTestPatchSchema = z.object({
  metric: z.enum(AB_METRICS, { error: `Metric must be one of: ${AB_METRICS.join(', ')}` }).optional(),
  autoWinner: z.boolean({ error: 'Automatic winner must be true or false' }).optional(),
  confidence: z
    .number({ error: 'Confidence must be a whole percentage between 80 and 99' })
    .int('Confidence must be a whole percentage between 80 and 99')
    .min(80, 'Confidence must be a whole percentage between 80 and 99')
    .max(99, 'Confidence must be a whole percentage between 80 and 99')
    .optional(),
  minSendsPerVariant: z
    .number({ error: 'Minimum sends per variant must be a whole number from 1 to 100000' })
    .int('Minimum sends per variant must be a whole number from 1 to 100000')
    .min(1, 'Minimum sends per variant must be a whole number from 1 to 100000')
    .max(100_000, 'Minimum sends per variant must be a whole number from 1 to 100000')
    .optional(),
  maxSendsPerVariant: z
    .number({ error: 'Maximum sends per variant must be a whole number from 1 to 1000000' })
    .int('Maximum sends per variant must be a whole number from 1 to 1000000')
    .min(1, 'Maximum sends per variant must be a whole number from 1 to 1000000')
    .max(1_000_000, 'Maximum sends per variant must be a whole number from 1 to 1000000')
    .optional(),
  /** Pick a winner by hand. */
  winnerVariantId: z.uuid(VARIANT_NOT_FOUND).optional(),
  /** 'stopped' ends the test (new enrolments get variant A); 'running' starts it again. */
  status: z.enum(['running', 'stopped'], { error: 'Status must be running or stopped' }).optional(),
});
export type AbTestPatch = z.output<typeof abTestPatchSchema>;

export interface AbWinner {
  variantId: string;
  label: string;
  reason: AbWinnerReason;
  decidedAt: string;
  metric: AbMetric;
  rate: number | null;
  runnerUpRate: number | null;
  probability: number | null;
}

/** A step's A/B test as the API returns it (on every step; it matters once the step has variants). */
export interface AbTest {
  metric: AbMetric;
  autoWinner: boolean;
  confidence: number;
  minSendsPerVariant: number;
  maxSendsPerVariant: number;
  status: AbStatus;
  winner: AbWinner | null;
}

export interface StepVariant {
  id: string;
  stepId: string;
  label: string;
  templateId: string | null;
  /** Percent share; null means an even split. */
  weight: number | null;
  /** The share of new enrolments this variant gets now, in [0, 1]: the split, or all for the winner (A once stopped); 0 once deleted. */
  share: number;
  deletedAt: string | null;
  createdAt: string;
}

/** "Winner: B (reply rate 6.1% vs 4.2%, 97% probability to be best)". */
export function winnerText(winner: AbWinner): string {
  if (winner.reason === 'manual' || winner.rate === null || winner.runnerUpRate === null) {
    return `Winner: ${winner.label} (picked by hand)`;
  }
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
  const probability = `${Math.round((winner.probability ?? 0) * 100)}% probability to be best`;
  const figures = `${AB_METRIC_NAMES[winner.metric]} ${percent(winner.rate)} vs ${percent(winner.runnerUpRate)}, ${probability}`;
  return winner.reason === 'max_size'
    ? `Winner: ${winner.label} (${figures}; the test reached its maximum size and the difference is not significant)`
    : `Winner: ${winner.label} (${figures})`;
}
