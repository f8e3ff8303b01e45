import { reachedMaximum, significantWinner, type TestedVariant } from './decide-winner';

/** A small seeded PRNG (mulberry32) so a simulation is the same on every run. */
function seededUniform(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SimulationInput {
  runs: number;
  /** The true rate of every variant (or each variant's own rate). */
  rates: readonly number[];
  confidence: number;
  minSendsPerVariant: number;
  maxSendsPerVariant: number;
  /** The winner is looked for after every this many sends per variant (1 = after every send). */
  lookEvery: number;
  seed: number;
}

export interface SimulationResult {
  runs: number;
  /** Runs where a variant was declared significantly better. */
  significantWinners: number;
  significantWinnerRate: number;
  /** Runs that ended at the maximum size with the best taken as not significant. */
  maxSizeEndings: number;
  /** Runs significantly won by the variant with the highest true rate (tests with a real difference). */
  bestTrueVariantWins: number;
  meanSendsPerVariantAtDecision: number;
}

/**
 * Runs A/B tests on simulated recipients: each look adds `lookEvery` sends per variant, each a success
 * with the variant's true rate, and asks for a
 * significant winner with the engine's rule, until one is declared or the maximum size is reached.
 */
export function simulateTests(input: SimulationInput): SimulationResult {
  const random = seededUniform(input.seed);
  const bestTrue = input.rates.indexOf(Math.max(...input.rates));
  let significantWinners = 0;
  let maxSizeEndings = 0;
  let bestTrueVariantWins = 0;
  let sendsAtDecision = 0;
  for (let run = 0; run < input.runs; run++) {
    const variants: TestedVariant[] = input.rates.map((_, index) => ({
      id: String(index),
      sends: 0,
      successes: 0,
    }));
    for (;;) {
      for (const [index, variant] of variants.entries()) {
        for (let i = 0; i < input.lookEvery; i++) {
          variant.sends++;
          if (random() < (input.rates[index] ?? 0)) variant.successes++;
        }
      }
      // The engine's own rule; past the maximum size the best is taken as not significant, which is
      // not a declared difference, so its (costly) probability is not needed here.
      const decision = significantWinner(variants, input);
      const ended = !decision && reachedMaximum(variants, input);
      if (!decision && !ended) continue;
      if (decision) significantWinners++;
      else maxSizeEndings++;
      if (decision?.variantId === String(bestTrue)) bestTrueVariantWins++;
      sendsAtDecision += variants[0]?.sends ?? 0;
      break;
    }
  }
  return {
    runs: input.runs,
    significantWinners,
    significantWinnerRate: significantWinners / input.runs,
    maxSizeEndings,
    bestTrueVariantWins,
    meanSendsPerVariantAtDecision: Math.round(sendsAtDecision / input.runs),
  };
}
