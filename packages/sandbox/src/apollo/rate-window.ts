const WINDOW_MS = 60_000;

/**
 * Apollo's fixed-window rate limit: each API key may make `limit` calls per clock minute. Every answer
 * carries the window's usage headers; a call over the limit gets 429 with Retry-After.
 */
export function createRateWindow(clock: { now(): Date }, limit: number) {
  const windows = new Map<string, { start: number; used: number }>();
  return (key: string) => {
    const now = clock.now().getTime();
    const start = now - (now % WINDOW_MS);
    let window = windows.get(key);
    if (!window || window.start !== start) {
      window = { start, used: 0 };
      windows.set(key, window);
    }
    const allowed = window.used < limit;
    if (allowed) window.used += 1;
    const headers: Record<string, string> = {
      'x-rate-limit-minute': String(limit),
      'x-minute-usage': String(window.used),
      'x-minute-requests-left': String(Math.max(0, limit - window.used)),
    };
    if (!allowed) headers['retry-after'] = String(Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000)));
    return { allowed, headers };
  };
}
