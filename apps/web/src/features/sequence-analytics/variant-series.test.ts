import { describe, expect, it } from 'vitest';
import { cumulativeReplyRates } from './variant-series';

const day = (date: string, label: string, sent: number, replied: number, stepId = 's1') => ({
  stepId,
  variantId: `v-${label}`,
  label,
  date,
  sent,
  replied,
});

describe('cumulativeReplyRates', () => {
  it('adds up each variant day by day, null before its first email, other steps left out', () => {
    const result = cumulativeReplyRates(
      [
        day('2025-05-01', 'A', 10, 1),
        day('2025-05-02', 'A', 10, 1),
        day('2025-05-02', 'B', 20, 5),
        day('2025-05-02', 'A', 99, 99, 's2'),
      ],
      's1',
    );
    expect(result.labels).toEqual(['A', 'B']);
    expect(result.points).toEqual([
      { date: '2025-05-01', A: 0.1, B: null },
      { date: '2025-05-02', A: 0.1, B: 0.25 },
    ]);
  });
});
