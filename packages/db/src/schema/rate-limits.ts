import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

/**
 * Fixed-window rate-limit counters shared by every process (e.g. key 'login:ip:203.0.113.9').
 * Not user-owned data, so it has no user_id; expired rows are overwritten on the next hit and may be
 * purged by reset_at. See hitRateLimit() for the one atomic statement that counts a hit.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    resetAt: tstz('reset_at').notNull(),
  },
  (t) => [index('rate_limit_hits_reset_at_idx').on(t.resetAt)],
);
