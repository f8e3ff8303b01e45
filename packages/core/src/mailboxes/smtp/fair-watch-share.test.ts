import { describe, expect, it } from 'vitest';
import { fairWatchShare, type WatchCandidate } from './fair-watch-share';

const mailboxesOf = (workspaceId: string, count: number): WatchCandidate[] =>
  Array.from({ length: count }, (_, i) => ({ id: `${workspaceId}-${i + 1}`, workspaceId }));

const countsByUser = (chosen: Set<string>) => {
  const counts: Record<string, number> = {};
  for (const id of chosen) {
    const user = id.split('-')[0]!;
    counts[user] = (counts[user] ?? 0) + 1;
  }
  return counts;
};

describe('fairWatchShare', () => {
  it.each([
    { name: 'one user alone takes the whole cap', users: { a: 900 }, cap: 500, counts: { a: 500 } },
    {
      name: 'a user with many mailboxes leaves every other user a place',
      users: { a: 900, b: 1, c: 2 },
      cap: 500,
      counts: { a: 497, b: 1, c: 2 },
    },
    {
      name: 'equal demand is shared equally',
      users: { a: 300, b: 300, c: 300, d: 300 },
      cap: 500,
      counts: { a: 125, b: 125, c: 125, d: 125 },
    },
    {
      name: 'the rest of a division goes to the earliest users',
      users: { a: 10, b: 10, c: 10 },
      cap: 8,
      counts: { a: 3, b: 3, c: 2 },
    },
    {
      name: 'more users than places: one each, in the order they came',
      users: { a: 5, b: 5, c: 5 },
      cap: 2,
      counts: { a: 1, b: 1 },
    },
    { name: 'under the cap, every mailbox', users: { a: 3, b: 2 }, cap: 500, counts: { a: 3, b: 2 } },
  ])('$name', ({ users, cap, counts }) => {
    const candidates = Object.entries(users).flatMap(([user, count]) => mailboxesOf(user, count));
    const chosen = fairWatchShare(candidates, cap);
    expect(countsByUser(chosen)).toEqual(counts);
    expect(chosen.size).toBeLessThanOrEqual(cap);
  });

  it("keeps each user's earliest mailboxes", () => {
    const chosen = fairWatchShare([...mailboxesOf('a', 4), ...mailboxesOf('b', 1)], 3);
    expect([...chosen].sort()).toEqual(['a-1', 'a-2', 'b-1']);
  });
});
