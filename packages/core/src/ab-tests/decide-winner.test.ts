import { describe, expect, it } from 'vitest';
import { decideWinner } from './decide-winner';

const rule = { confidence: 95, minSendsPerVariant: 200, maxSendsPerVariant: 5000 };
const variant = (id: string, sends: number, successes: number) => ({ id, sends, successes });

describe('decideWinner', () => {
  it('waits for the minimum sample, however clear the difference', () => {
    expect(decideWinner([variant('a', 199, 0), variant('b', 199, 100)], rule)).toBeNull();
  });

  it('declares a clear leader significant, with its rate, the runner-up and its probability to be best', () => {
    const decision = decideWinner([variant('a', 400, 12), variant('b', 400, 60)], rule);
    expect(decision).toMatchObject({ variantId: 'b', reason: 'significant', rate: 0.15, runnerUpRate: 0.03 });
    expect(decision?.probability).toBeGreaterThan(0.99);
  });

  it('declares nothing for a small difference before the maximum size', () => {
    expect(decideWinner([variant('a', 1000, 50), variant('b', 1000, 55)], rule)).toBeNull();
  });

  it('takes the leader as not significant at the maximum size', () => {
    const decision = decideWinner([variant('a', 5000, 250), variant('b', 5000, 262)], rule);
    expect(decision).toMatchObject({ variantId: 'b', reason: 'max_size' });
  });

  it('needs the leader to beat every other variant, not only the worst', () => {
    const decision = decideWinner(
      [variant('a', 400, 12), variant('b', 400, 60), variant('c', 400, 58)],
      rule,
    );
    expect(decision).toBeNull();
  });
});
