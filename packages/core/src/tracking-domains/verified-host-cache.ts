import { LRUCache } from 'lru-cache';
import type { Clock } from '../clock';

/**
 * How long a host's answer is kept. A domain that another process (the worker's daily re-check) fails is
 * refused here within this time; changes made through this process apply at once (clear()).
 */
export const VERIFIED_HOST_TTL_MS = 60_000;
/** Host names remembered at most: a Host header can name anything, so the cache must stay bounded. */
const MAX_HOSTS = 10_000;

export interface VerifiedHostCache {
  isVerified(host: string): Promise<boolean>;
  /** Forgets every answer: a domain was added, checked or removed. */
  clear(): void;
}

/**
 * Whether host names are verified tracking domains, asked of `lookUp` once per host and kept for
 * VERIFIED_HOST_TTL_MS by the clock, so requests on a tracking domain cost no query each. Answers for
 * names that are not tracking domains are kept too (bounded, least recently used first out); concurrent
 * questions about one host share one lookup, and a failed lookup is not kept.
 */
export function createVerifiedHostCache(
  lookUp: (host: string) => Promise<boolean>,
  clock: Clock,
): VerifiedHostCache {
  const cache = new LRUCache<string, boolean>({
    max: MAX_HOSTS,
    ttl: VERIFIED_HOST_TTL_MS,
    // Every check reads the clock, so tests that move it see answers expire at once.
    ttlResolution: 0,
    perf: { now: () => clock.now().getTime() },
    fetchMethod: (host) => lookUp(host),
  });
  return {
    isVerified: async (host) => (await cache.fetch(host)) === true,
    clear: () => cache.clear(),
  };
}
