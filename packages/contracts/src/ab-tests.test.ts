import { describe, expect, it } from 'vitest';
import { winnerText } from './ab-tests';

const winner = {
  variantId: 'v',
  label: 'B',
  decidedAt: '2025-05-01T12:00:00.000Z',
  metric: 'reply_rate' as const,
  rate: 0.061,
  runnerUpRate: 0.042,
  probability: 0.9712,
};

describe('winnerText', () => {
  it('names the winner with its metric, the rates and its probability to be best', () => {
    expect(winnerText({ ...winner, reason: 'significant' })).toBe(
      'Winner: B (reply rate 6.1% vs 4.2%, 97% probability to be best)',
    );
  });

  it('says when the test ended at its maximum size, and when the winner was picked by hand', () => {
    expect(winnerText({ ...winner, reason: 'max_size' })).toContain('the difference is not significant');
    expect(
      winnerText({ ...winner, reason: 'manual', rate: null, runnerUpRate: null, probability: null }),
    ).toBe('Winner: B (picked by hand)');
  });
});
