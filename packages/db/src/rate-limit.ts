import { lte, sql } from 'drizzle-orm';
import type { Database } from './client';
import { rateLimitHits } from './schema';

export interface RateLimitHit {
  /** Hits in the current window, this one included. */
  count: number;
  /** When the current window ends. */
  resetAt: Date;
}

/**
 * Counts one hit against `key` in a fixed window of `windowMs`, in one atomic statement, so every
 * process shares the same counters. A hit after the window has ended starts a new window at 1.
 * The caller compares `count` with its limit; `now` is injectable for tests.
 */
export async function hitRateLimit(
  database: Database,
  key: string,
  windowMs: number,
  now: Date = new Date(),
): Promise<RateLimitHit> {
  const expired = sql`${rateLimitHits.resetAt} <= ${now.toISOString()}::timestamptz`;
  const [row] = await database.db
    .insert(rateLimitHits)
    .values({ key, count: 1, resetAt: new Date(now.getTime() + windowMs) })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitHits.count} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitHits.resetAt} end`,
      },
    })
    .returning({ count: rateLimitHits.count, resetAt: rateLimitHits.resetAt });
  return row!;
}

/** Deletes counters whose window has ended; returns how many. */
export async function purgeRateLimits(database: Database, now: Date = new Date()): Promise<number> {
  const rows = await database.db
    .delete(rateLimitHits)
    .where(lte(rateLimitHits.resetAt, now))
    .returning({ key: rateLimitHits.key });
  return rows.length;
}
