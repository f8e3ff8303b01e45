import { describe, expect, it } from 'vitest';
import { barWidth, formatCount, formatDay, formatRate } from './analytics-format';

describe('analytics formatting', () => {
  it('shows rates as percentages with at most one decimal', () => {
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(0.6)).toBe('60%');
    expect(formatRate(1 / 3)).toBe('33.3%');
    expect(formatRate(1)).toBe('100%');
  });

  it('labels days without shifting them to the browser zone', () => {
    expect(formatDay('2025-03-31')).toBe('Mar 31');
    expect(formatDay('2025-04-01')).toBe('Apr 1');
  });

  it('groups thousands', () => {
    expect(formatCount(12_345)).toBe('12,345');
  });

  it('sizes funnel bars against the sent count, keeping a non-zero part visible', () => {
    expect(barWidth(5, 5)).toBe(100);
    expect(barWidth(3, 5)).toBe(60);
    expect(barWidth(1, 1000)).toBe(2);
    expect(barWidth(0, 5)).toBe(0);
    expect(barWidth(3, 0)).toBe(0);
  });
});
