import { mixedMsprtRatio, probabilityToBeBest, type VariantCounts } from './ab-statistics';

export interface TestedVariant extends VariantCounts {
  id: string;
}

export interface WinnerRule {
  /** In percent, e.g. 95: the false-winner rate is at most 100 - confidence percent. */
  confidence: number;
  minSendsPerVariant: number;
  maxSendsPerVariant: number;
}

export interface WinnerDecision {
  variantId: string;
  reason: 'significant' | 'max_size';
  rate: number;
  runnerUpRate: number;
  probability: number;
}

const rateOf = (v: VariantCounts) => (v.sends > 0 ? v.successes / v.sends : 0);

/** The leader, ranked by rate, and the others. */
function rank(variants: readonly TestedVariant[]) {
  const ranked = [...variants].sort((x, y) => rateOf(y) - rateOf(x));
  return { leader: ranked[0]!, others: ranked.slice(1) };
}

/**
 * A winner the data supports at the rule's confidence, however often it is asked (decision 020): every
 * variant has the minimum of sends, and the leader beats every other variant in the mixture sequential
 * test (1/alpha with alpha = 1 - confidence split over the pairs, Bonferroni) and has a posterior
 * probability to be best of at least the confidence.
 */
export function significantWinner(
  variants: readonly TestedVariant[],
  rule: WinnerRule,
): WinnerDecision | null {
  if (variants.length < 2) return null;
  if (variants.some((v) => v.sends < rule.minSendsPerVariant)) return null;
  const { leader, others } = rank(variants);
  const runnerUpRate = rateOf(others[0]!);
  const alpha = (1 - rule.confidence / 100) / ((variants.length * (variants.length - 1)) / 2);
  const separated =
    rateOf(leader) > runnerUpRate && others.every((other) => mixedMsprtRatio(leader, other) >= 1 / alpha);
  if (!separated) return null;
  const probability = probabilityToBeBest(variants)[variants.indexOf(leader)] ?? 0;
  if (probability < rule.confidence / 100) return null;
  return { variantId: leader.id, reason: 'significant', rate: rateOf(leader), runnerUpRate, probability };
}

/** Whether every variant has reached the test's maximum size. */
export const reachedMaximum = (variants: readonly TestedVariant[], rule: WinnerRule) =>
  variants.length >= 2 && variants.every((v) => v.sends >= rule.maxSendsPerVariant);

/**
 * Whether an A/B test has a winner now: a significant one, else, once every variant has reached the
 * maximum size, the leader, noted as not significant.
 */
export function decideWinner(variants: readonly TestedVariant[], rule: WinnerRule): WinnerDecision | null {
  const significant = significantWinner(variants, rule);
  if (significant || !reachedMaximum(variants, rule)) return significant;
  const { leader, others } = rank(variants);
  const probability = probabilityToBeBest(variants)[variants.indexOf(leader)] ?? 0;
  return {
    variantId: leader.id,
    reason: 'max_size',
    rate: rateOf(leader),
    runnerUpRate: rateOf(others[0]!),
    probability,
  };
}
