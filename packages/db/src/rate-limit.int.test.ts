import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { hitRateLimit, purgeRateLimits } from './rate-limit';
import { createTestDatabase } from './testing';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe('hitRateLimit', () => {
  it('counts hits in a window and starts over when it ends', async () => {
    const start = new Date('2030-01-01T00:00:00Z');
    const at = (ms: number) => new Date(start.getTime() + ms);
    expect(await hitRateLimit(database, 'login:1.2.3.4', 60_000, start)).toEqual({
      count: 1,
      resetAt: at(60_000),
    });
    expect((await hitRateLimit(database, 'login:1.2.3.4', 60_000, at(10_000))).count).toBe(2);
    expect((await hitRateLimit(database, 'login:5.6.7.8', 60_000, at(10_000))).count).toBe(1);
    expect(await hitRateLimit(database, 'login:1.2.3.4', 60_000, at(60_000))).toEqual({
      count: 1,
      resetAt: at(120_000),
    });
  });

  it('counts concurrent hits exactly', async () => {
    const now = new Date();
    const hits = await Promise.all(
      Array.from({ length: 20 }, () => hitRateLimit(database, 'burst', 60_000, now)),
    );
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('purges ended windows', async () => {
    const now = new Date('2031-01-01T00:00:00Z');
    await hitRateLimit(database, 'old', 1_000, new Date(now.getTime() - 5_000));
    await hitRateLimit(database, 'fresh', 60_000, now);
    expect(await purgeRateLimits(database, now)).toBeGreaterThanOrEqual(1);
    expect((await hitRateLimit(database, 'fresh', 60_000, now)).count).toBe(2);
  });
});
