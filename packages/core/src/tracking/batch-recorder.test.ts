import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createManualClock } from '../clock';
import { createBatchRecorder } from './batch-recorder';

interface Hit {
  key: string;
  at: Date;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function recorder(settleMs?: number) {
  const clock = createManualClock(new Date('2025-05-01T10:00:00Z'));
  const batches: string[][] = [];
  const hits = createBatchRecorder<Hit>(
    async (batch) => {
      batches.push(batch.map((hit) => `${hit.key}@${hit.at.getTime() % 10_000}`));
    },
    {
      flushEveryMs: 100,
      maxBatch: 3,
      accepts: (hit) => hit.key !== 'bad',
      key: (hit) => hit.key,
      ...(settleMs !== undefined && { settle: { ms: settleMs, now: clock.now, at: (hit) => hit.at } }),
    },
  );
  const hit = (key: string) => hits.record({ key, at: clock.now() });
  return { clock, batches, hits, hit };
}

describe('writing tracking requests in batches', () => {
  it('writes what came within the flush time in batches of maxBatch, a key never split', async () => {
    const { batches, hit } = recorder();
    for (const key of ['a', 'b', 'a', 'bad', 'c', 'd']) hit(key);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(batches).toEqual([
      ['a@0', 'a@0', 'b@0'],
      ['c@0', 'd@0'],
    ]);
  });

  it('holds requests until their key is settled, so a late request of the key joins its batch', async () => {
    const { clock, batches, hit } = recorder(1000);
    hit('a');
    clock.advance(400);
    hit('b');
    clock.advance(500);
    hit('a');
    await vi.advanceTimersByTimeAsync(100);
    expect(batches).toEqual([]);
    clock.advance(100); // a's first request is now a second old; b's is not
    await vi.advanceTimersByTimeAsync(100);
    expect(batches).toEqual([['a@0', 'a@900']]);
    clock.advance(400);
    await vi.advanceTimersByTimeAsync(100);
    expect(batches).toEqual([['a@0', 'a@900'], ['b@400']]);
  });

  it('flush() writes everything at once, settled or not', async () => {
    const { batches, hits, hit } = recorder(1000);
    hit('a');
    hit('b');
    await hits.flush();
    expect(batches).toEqual([['a@0', 'b@0']]);
  });
});
