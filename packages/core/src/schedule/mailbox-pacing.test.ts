import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawGapSeconds } from './mailbox-pacing';

describe('drawGapSeconds', () => {
  it('covers both ends of the range with whole seconds', () => {
    expect(drawGapSeconds(60, 180, () => 0)).toBe(60);
    expect(drawGapSeconds(60, 180, () => 0.999_999_999)).toBe(180);
    expect(drawGapSeconds(60, 180, () => 0.5)).toBe(120);
  });

  it('allows 0 and 0', () => {
    expect(drawGapSeconds(0, 0, Math.random)).toBe(0);
  });

  it('returns the single value of an empty range', () => {
    expect(drawGapSeconds(90, 90, () => 0.7)).toBe(90);
  });

  it('is roughly uniform over the range', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const counts = new Array(4).fill(0);
    for (let i = 0; i < 40_000; i += 1) counts[drawGapSeconds(1, 4, random) - 1] += 1;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });

  it('stays inside [min, max] for any random value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3600 }),
        fc.integer({ min: 0, max: 3600 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (a, b, r) => {
          const [min, max] = a <= b ? [a, b] : [b, a];
          const gap = drawGapSeconds(min, max, () => r);
          return Number.isInteger(gap) && gap >= min && gap <= max;
        },
      ),
    );
  });
});
