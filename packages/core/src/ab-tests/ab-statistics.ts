import betaRandom from '@stdlib/random-base-beta';

/** The outcome counts of one variant: emails sent and how many of them did the measured thing. */
export interface VariantCounts {
  sends: number;
  successes: number;
}

/** z for a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;

/**
 * The Wilson score interval of a proportion (Wilson 1927; Newcombe 1998, method 3): unlike the Wald
 * interval it stays inside [0, 1] and keeps its coverage for small counts and rates near 0.
 */
export function wilsonInterval(successes: number, sends: number, z = Z_95): { low: number; high: number } {
  if (sends <= 0) return { low: 0, high: 1 };
  const p = successes / sends;
  const z2 = z * z;
  const denominator = 1 + z2 / sends;
  const centre = (p + z2 / (2 * sends)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / sends + z2 / (4 * sends * sends));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** The spreads of the normal mixtures over the difference of two rates, as fractions of the pooled rate. */
export const MIXTURE_SPREADS = [0.1, 0.3, 1] as const;

/**
 * The mixture sequential probability ratio (mSPRT, Johari, Koomen, Pekelis, Walsh 2017, "Peeking at A/B
 * tests", section 4) of "the two rates differ" against "they are equal", with a normal mixture N(0, tau^2)
 * over the difference and the normal approximation of the difference of two proportions. Under equal
 * rates it is a (nearly) non-negative martingale with mean 1, so by Ville's inequality the chance that it
 * EVER reaches 1/alpha, however often it is looked at, is at most alpha.
 */
export function msprtRatio(a: VariantCounts, b: VariantCounts, tau: number): number {
  if (a.sends === 0 || b.sends === 0) return 1;
  // Variance from a rate pulled slightly towards 1/2, so a variant with no successes yet is not certain.
  const shrunk = (v: VariantCounts) => (v.successes + 0.5) / (v.sends + 1);
  const pa = shrunk(a);
  const pb = shrunk(b);
  const variance = (pa * (1 - pa)) / a.sends + (pb * (1 - pb)) / b.sends;
  const difference = a.successes / a.sends - b.successes / b.sends;
  const tau2 = tau * tau;
  const exponent = (tau2 * difference * difference) / (2 * variance * (variance + tau2));
  return Math.sqrt(variance / (variance + tau2)) * Math.exp(exponent);
}

/**
 * The mSPRT ratio averaged over mixtures of several spreads (10%, 30% and 100% of the pooled rate, at least
 * half a point): an average of martingales of mean 1 is one too, so the guarantee holds, and the test has
 * power both for small lifts on large samples and for large ones on small samples.
 */
export function mixedMsprtRatio(a: VariantCounts, b: VariantCounts): number {
  const sends = a.sends + b.sends;
  const pooled = sends > 0 ? (a.successes + b.successes) / sends : 0;
  const ratios = MIXTURE_SPREADS.map((fraction) => msprtRatio(a, b, Math.max(0.005, fraction * pooled)));
  return ratios.reduce((sum, ratio) => sum + ratio, 0) / ratios.length;
}

/** A seed for the posterior draws that depends only on the counts, so the same counts give the same figure. */
function seedOf(variants: readonly VariantCounts[]): number {
  let hash = 2166136261;
  for (const { sends, successes } of variants) {
    for (const value of [sends, successes]) {
      hash ^= value;
      hash = Math.imul(hash, 16777619) >>> 0;
    }
  }
  return (hash % 2147483646) + 1;
}

/**
 * Each variant's posterior probability of having the highest rate, with independent Beta(1 + successes,
 * 1 + failures) posteriors (uniform priors), by Monte Carlo with a PRNG seeded from the counts.
 */
export function probabilityToBeBest(variants: readonly VariantCounts[], draws = 20_000): number[] {
  const wins = variants.map(() => 0);
  if (variants.length === 0) return wins;
  const draw = betaRandom.factory({ seed: seedOf(variants) });
  for (let round = 0; round < draws; round++) {
    let best = 0;
    let bestValue = -1;
    variants.forEach((variant, index) => {
      const value = draw(1 + variant.successes, 1 + Math.max(0, variant.sends - variant.successes));
      if (value > bestValue) {
        bestValue = value;
        best = index;
      }
    });
    wins[best] = (wins[best] ?? 0) + 1;
  }
  return wins.map((count) => count / draws);
}
