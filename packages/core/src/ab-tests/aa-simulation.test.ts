import { describe, expect, it } from 'vitest';
import { simulateTests } from './aa-simulation';

const rule = { confidence: 95, minSendsPerVariant: 200, maxSendsPerVariant: 2000, lookEvery: 1 };

describe('A/A tests: identical variants, looked at after every send', () => {
  it.each([
    { rates: [0.05, 0.05], seed: 11 },
    { rates: [0.2, 0.2], seed: 12 },
    { rates: [0.05, 0.05, 0.05], seed: 13 },
  ])('declare a difference in at most 5% of runs ($rates)', ({ rates, seed }) => {
    const result = simulateTests({ runs: 300, rates, seed, ...rule });
    expect(result.significantWinners + result.maxSizeEndings).toBe(300);
    expect(result.significantWinnerRate).toBeLessThanOrEqual(0.05);
  });
});

describe('a real difference', () => {
  it('is found, for the better variant', () => {
    const result = simulateTests({ runs: 50, rates: [0.04, 0.12], seed: 21, ...rule, lookEvery: 10 });
    expect(result.significantWinners).toBeGreaterThanOrEqual(45);
    expect(result.bestTrueVariantWins).toBe(result.significantWinners);
  });
});
