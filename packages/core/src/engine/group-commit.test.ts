import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit';

/** A write that waits until released, recording each batch it was given. */
function heldWrites() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const write = (items: number[]) => {
    batches.push(items);
    return new Promise<string[]>((resolve) => {
      releases.push(() => resolve(items.map((item) => `done ${item}`)));
    });
  };
  return { batches, releases, write };
}

describe('groupCommit', () => {
  it('writes the first call at once and the calls made meanwhile together in the next write', async () => {
    const { batches, releases, write } = heldWrites();
    const commit = groupCommit(write);
    const first = commit(1);
    const rest = [commit(2), commit(3), commit(4)];
    expect(batches).toEqual([[1]]);
    releases[0]?.();
    expect(await first).toBe('done 1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1], [2, 3, 4]]);
    releases[1]?.();
    expect(await Promise.all(rest)).toEqual(['done 2', 'done 3', 'done 4']);
  });

  it('never puts more than the batch limit into one write', async () => {
    const { batches, releases, write } = heldWrites();
    const commit = groupCommit(write, 2);
    const all = [1, 2, 3, 4, 5].map((item) => commit(item));
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      releases[i]?.();
    }
    expect(await Promise.all(all)).toHaveLength(5);
    expect(batches).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('rejects every call of a failed write and goes on with the next ones', async () => {
    let calls = 0;
    const commit = groupCommit(async (items: number[]) => {
      calls += 1;
      if (calls === 1) throw new Error('connection lost');
      return items.map((item) => item * 10);
    });
    const failed = commit(1);
    const later = commit(2);
    await expect(failed).rejects.toThrow('connection lost');
    expect(await later).toBe(20);
  });
});
