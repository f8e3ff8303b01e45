import type { CoreDeps } from '../deps';
import { sendsByToken } from './tracked-request';

/**
 * How long an email known to exist is trusted without asking the database again: a deleted email's (or
 * deleted contact's) click links stop redirecting within this time.
 */
export const LIVE_SEND_TTL_MS = 10_000;
const MAX_REMEMBERED = 10_000;
const MAX_TOKENS_A_QUERY = 500;

interface Waiter {
  resolve(live: boolean): void;
  reject(error: unknown): void;
}

/**
 * Whether a click link's email still exists, for the redirect: a link redirects only while its email does.
 * Questions asked meanwhile are answered by one query (at most one at a time, up to 500 tokens each), and
 * emails found are remembered for LIVE_SEND_TTL_MS (the injected clock's), most recent 10,000 kept, so a
 * person's clicks and a scanner's bursts cost the database little.
 */
export function createLiveSendCheck(deps: Pick<CoreDeps, 'db' | 'clock'>) {
  const known = new Map<string, number>();
  let waiting = new Map<string, Waiter[]>();
  let busy = false;

  const nowMs = () => deps.clock.now().getTime();

  function cached(token: string): boolean {
    const until = known.get(token);
    if (until === undefined) return false;
    if (until > nowMs()) return true;
    known.delete(token);
    return false;
  }

  function remember(token: string) {
    known.delete(token);
    known.set(token, nowMs() + LIVE_SEND_TTL_MS);
    if (known.size > MAX_REMEMBERED) known.delete(known.keys().next().value as string);
  }

  async function answer(batch: Map<string, Waiter[]>) {
    const tokens = [...batch.keys()];
    for (let at = 0; at < tokens.length; at += MAX_TOKENS_A_QUERY) {
      const slice = tokens.slice(at, at + MAX_TOKENS_A_QUERY);
      try {
        const found = await sendsByToken(deps, slice);
        for (const token of slice) {
          if (found.has(token)) remember(token);
          for (const waiter of batch.get(token) ?? []) waiter.resolve(found.has(token));
        }
      } catch (error) {
        for (const token of slice) for (const waiter of batch.get(token) ?? []) waiter.reject(error);
      }
    }
  }

  function next() {
    if (busy || waiting.size === 0) return;
    busy = true;
    const batch = waiting;
    waiting = new Map();
    answer(batch).finally(() => {
      busy = false;
      next();
    });
  }

  return {
    /** True when the email is known to exist without asking (answer at once). */
    cached,
    isLive(token: string): Promise<boolean> {
      if (cached(token)) return Promise.resolve(true);
      return new Promise((resolve, reject) => {
        const waiters = waiting.get(token);
        if (waiters) waiters.push({ resolve, reject });
        else waiting.set(token, [{ resolve, reject }]);
        setImmediate(next);
      });
    },
  };
}
export type LiveSendCheck = ReturnType<typeof createLiveSendCheck>;
