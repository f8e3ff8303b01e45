/** Apollo's three fixed windows per key, with the headers each answer carries about it. */
const WINDOWS = [
  {
    name: 'minute',
    ms: 60_000,
    limitHeader: 'x-rate-limit-minute',
    usage: 'x-minute-usage',
    left: 'x-minute-requests-left',
    per: 'minute',
  },
  {
    name: 'hourly',
    ms: 3_600_000,
    limitHeader: 'x-rate-limit-hourly',
    usage: 'x-hourly-usage',
    left: 'x-hourly-requests-left',
    per: 'hour',
  },
  {
    name: 'daily',
    ms: 86_400_000,
    limitHeader: 'x-rate-limit-24-hour',
    usage: 'x-24-hour-usage',
    left: 'x-24-hour-requests-left',
    per: 'day',
  },
] as const;

export interface RateLimits {
  perMinute: number;
  perHour: number;
  perDay: number;
}

/**
 * Apollo's fixed-window rate limits: each API key may make so many calls per clock minute, hour and (UTC)
 * day. Every answer carries each window's usage headers; a call over any limit is not counted and gets 429
 * with Retry-After (the seconds until the window that refused it ends) and the name of that window.
 */
export function createRateWindow(clock: { now(): Date }, limits: RateLimits) {
  const used = new Map<string, { start: number; used: number }>();
  const limitOf = { minute: limits.perMinute, hourly: limits.perHour, daily: limits.perDay };
  return (key: string) => {
    const now = clock.now().getTime();
    const windows = WINDOWS.map((w) => {
      const start = now - (now % w.ms);
      const id = `${w.name}:${key}`;
      let state = used.get(id);
      if (!state || state.start !== start) {
        state = { start, used: 0 };
        used.set(id, state);
      }
      return { ...w, start, state, limit: limitOf[w.name] };
    });
    const refused = windows.find((w) => w.state.used >= w.limit);
    if (!refused) for (const w of windows) w.state.used += 1;
    const headers: Record<string, string> = {};
    for (const w of windows) {
      headers[w.limitHeader] = String(w.limit);
      headers[w.usage] = String(w.state.used);
      headers[w.left] = String(Math.max(0, w.limit - w.state.used));
    }
    if (refused)
      headers['retry-after'] = String(Math.max(1, Math.ceil((refused.start + refused.ms - now) / 1000)));
    return { allowed: !refused, headers, refused: refused && { per: refused.per, limit: refused.limit } };
  };
}
