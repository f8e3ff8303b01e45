import { describe, expect, it } from 'vitest';
import { claimOrder } from './claim-order';

describe('claimOrder', () => {
  const boxes = ['a', 'b', 'c', 'd'];

  it('starts at the worker’s offset and wraps around, keeping every mailbox once', () => {
    expect(claimOrder(boxes, 0)).toEqual(['a', 'b', 'c', 'd']);
    expect(claimOrder(boxes, 0.5)).toEqual(['c', 'd', 'a', 'b']);
    expect(claimOrder(boxes, 0.99)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('gives workers spread over [0, 1) different first mailboxes', () => {
    const firsts = [0, 0.25, 0.5, 0.75].map((offset) => claimOrder(boxes, offset)[0]);
    expect(new Set(firsts).size).toBe(4);
  });

  it('keeps one process’s order for the same list, and handles no mailbox', () => {
    expect(claimOrder(boxes)).toEqual(claimOrder(boxes));
    expect([...claimOrder(boxes)].sort()).toEqual(boxes);
    expect(claimOrder([])).toEqual([]);
  });
});
