import { DAY_MS } from '../clock';

const S = 1000;
const M = 60 * S;
const H = 60 * M;

/**
 * Standard Webhooks' schedule: the first attempt at once, then these waits after each failure (5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h): ten attempts over about three days.
 */
export const RETRY_DELAYS_MS = [5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 14 * H, 20 * H, 24 * H];
export const MAX_WEBHOOK_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** An endpoint failing this long without a success is disabled. */
export const FAILING_DISABLE_MS = 5 * DAY_MS;

/**
 * When attempt `attempt` (1-based) failed at `now`: the next attempt's time, or null when it was the last.
 * A Retry-After from the receiver is honoured: never sooner than it asks (at most a day).
 */
export function nextAttemptAt(attempt: number, now: Date, retryAfterMs: number | null): Date | null {
  const delay = RETRY_DELAYS_MS[attempt - 1];
  if (delay === undefined) return null;
  const asked = retryAfterMs === null ? 0 : Math.min(retryAfterMs, DAY_MS);
  return new Date(now.getTime() + Math.max(delay, asked));
}
