import { describe, expect, it } from 'vitest';
import { mixedMsprtRatio, probabilityToBeBest, wilsonInterval } from './ab-statistics';

describe('wilsonInterval', () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3.
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i gives %f to %f', (successes, sends, low, high) => {
    const interval = wilsonInterval(successes, sends);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  it('is the whole range without sends', () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });
});

describe('probabilityToBeBest', () => {
  it('matches the closed form for two Beta posteriors', () => {
    const [a, b] = probabilityToBeBest([
      { sends: 200, successes: 12 },
      { sends: 200, successes: 25 },
    ]);
    expect(b).toBeCloseTo(closedFormBBeatsA(13, 189, 26, 176), 2);
    expect((a ?? 0) + (b ?? 0)).toBeCloseTo(1, 10);
  });

  it('is even for identical variants and gives the same figure for the same counts', () => {
    const counts = [1, 2, 3].map(() => ({ sends: 300, successes: 15 }));
    const first = probabilityToBeBest(counts);
    for (const p of first) expect(p).toBeCloseTo(1 / 3, 1);
    expect(probabilityToBeBest(counts)).toEqual(first);
  });
});

describe('mixedMsprtRatio', () => {
  it('stays near 1 for equal rates and grows with a clear difference', () => {
    expect(mixedMsprtRatio({ sends: 1000, successes: 50 }, { sends: 1000, successes: 50 })).toBeLessThan(1);
    expect(mixedMsprtRatio({ sends: 1000, successes: 50 }, { sends: 1000, successes: 100 })).toBeGreaterThan(
      100,
    );
  });
});

/** P(pB > pA) for Beta(aA, bA) and Beta(aB, bB) with integer aB (Evan Miller, "Formulas for Bayesian A/B testing"). */
function closedFormBBeatsA(aA: number, bA: number, aB: number, bB: number): number {
  const logBeta = (x: number, y: number) => logGamma(x) + logGamma(y) - logGamma(x + y);
  let total = 0;
  for (let i = 0; i < aB; i++) {
    total += Math.exp(logBeta(aA + i, bA + bB) - Math.log(bB + i) - logBeta(1 + i, bB) - logBeta(aA, bA));
  }
  return total;
}

function logGamma(x: number): number {
  // The arguments here are whole numbers: log((x - 1)!).
  let sum = 0;
  for (let k = 2; k < x; k++) sum += Math.log(k);
  return sum;
}
