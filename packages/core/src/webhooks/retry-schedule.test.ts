import { describe, expect, it } from 'vitest';
import { MAX_WEBHOOK_ATTEMPTS, nextAttemptAt } from './retry-schedule';

const now = new Date('2025-05-01T00:00:00Z');
const after = (attempt: number, retryAfterMs: number | null = null) =>
  nextAttemptAt(attempt, now, retryAfterMs)?.getTime() ?? null;

describe('the Standard Webhooks retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h, then gives up after ten attempts', () => {
    const hours = [5 / 3600, 5 / 60, 0.5, 2, 5, 10, 14, 20, 24];
    hours.forEach((h, i) => {
      expect(after(i + 1)).toBe(now.getTime() + Math.round(h * 3_600_000));
    });
    expect(MAX_WEBHOOK_ATTEMPTS).toBe(10);
    expect(after(10)).toBeNull();
  });

  it('honours a longer Retry-After, capped at a day, and never retries sooner than the schedule', () => {
    expect(after(1, 120_000)).toBe(now.getTime() + 120_000);
    expect(after(2, 1_000)).toBe(now.getTime() + 300_000);
    expect(after(1, 10 * 86_400_000)).toBe(now.getTime() + 86_400_000);
  });
});
