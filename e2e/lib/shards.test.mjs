import { describe, expect, it } from 'vitest';
import { fileDispatcher, longestFirst } from './shards.mjs';

const flow = (timeoutMs, waitsOnClock) => ({ name: 'a flow', timeoutMs, waitsOnClock });

function dispatcherOf(queue, busySlots) {
  const answers = [];
  const files = fileDispatcher({ queue, busySlots, answer: (shard, file) => answers.push([shard, file]) });
  return { files, answers };
}

describe('longestFirst', () => {
  it('orders files by their flows’ time limits and marks those that wait on the clock', () => {
    const files = [[flow()], [flow(300_000, true)], [flow(), flow(120_000)]];
    expect(longestFirst(files)).toEqual([
      { index: 1, waitsOnClock: true },
      { index: 2, waitsOnClock: false },
      { index: 0, waitsOnClock: false },
    ]);
  });
});

describe('fileDispatcher', () => {
  const queue = [
    { index: 0, waitsOnClock: true },
    { index: 1, waitsOnClock: false },
    { index: 2, waitsOnClock: true },
    { index: 3, waitsOnClock: false },
    { index: 4, waitsOnClock: false },
  ];

  it('fills the busy slots first and gives the other shards files that wait on the clock', () => {
    const { files, answers } = dispatcherOf(queue, 2);
    for (const shard of ['a', 'b', 'c', 'd']) files.ask(shard);
    expect(answers).toEqual([
      ['a', 1],
      ['b', 3],
      ['c', 0],
      ['d', 2],
    ]);
  });

  it('holds a shard while every busy slot is taken and only busy files are left', () => {
    const { files, answers } = dispatcherOf(queue, 2);
    for (const shard of ['a', 'b', 'c', 'd']) files.ask(shard);
    files.ask('c');
    files.ask('d');
    expect(answers).toHaveLength(4);
    files.ask('a');
    // The slot a freed goes to c, which asked first; nothing is left for d and a.
    expect(answers.slice(4)).toEqual([
      ['c', 4],
      ['d', null],
      ['a', null],
    ]);
    files.ask('b');
    expect(answers.slice(7)).toEqual([['b', null]]);
  });

  it('frees the slot of a shard that ended without asking again', () => {
    const { files, answers } = dispatcherOf(queue, 1);
    files.ask('a');
    files.ask('b');
    files.ask('c');
    files.ask('b');
    files.ask('c');
    expect(answers).toEqual([
      ['a', 1],
      ['b', 0],
      ['c', 2],
    ]);
    files.leave('a');
    expect(answers.slice(3)).toEqual([['b', 3]]);
  });

  it('runs busy files after the others when there is one slot per shard', () => {
    const { files, answers } = dispatcherOf(queue, 4);
    files.ask('a');
    files.ask('b');
    expect(answers).toEqual([
      ['a', 1],
      ['b', 3],
    ]);
  });
});
