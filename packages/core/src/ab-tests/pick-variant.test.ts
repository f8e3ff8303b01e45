import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawFor, pickVariant, sharesOf } from './pick-variant';

const variants = (weights: (number | null)[]) =>
  weights.map((weight, index) => ({ id: `v${index}`, label: String.fromCharCode(65 + index), weight }));

function splitOver(draws: number, list: ReturnType<typeof variants>) {
  const counts = new Map<string, number>();
  const stepId = randomUUID();
  for (let i = 0; i < draws; i++) {
    const picked = pickVariant(list, drawFor(randomUUID(), stepId));
    counts.set(picked.id, (counts.get(picked.id) ?? 0) + 1);
  }
  return list.map((v) => (counts.get(v.id) ?? 0) / draws);
}

describe('variant assignment', () => {
  it.each([
    [
      [null, null, null],
      [1 / 3, 1 / 3, 1 / 3],
    ],
    [
      [50, 30, 20],
      [0.5, 0.3, 0.2],
    ],
    [
      [10, 90],
      [0.1, 0.9],
    ],
    [
      [20, 20, 20, 20, 20],
      [0.2, 0.2, 0.2, 0.2, 0.2],
    ],
  ])('splits 100,000 enrolments within 1%% of %j', (weights, expected) => {
    const shares = splitOver(100_000, variants(weights));
    shares.forEach((share, index) => {
      expect(Math.abs(share - (expected[index] ?? 0))).toBeLessThan(0.01);
    });
  });

  it('draws the same variant for the same enrolment and step', () => {
    const list = variants([null, null, null]);
    const enrolment = randomUUID();
    const step = randomUUID();
    const first = pickVariant(list, drawFor(enrolment, step));
    for (let i = 0; i < 20; i++) expect(pickVariant(list, drawFor(enrolment, step))).toBe(first);
  });

  it('splits evenly when a weight is missing and never gives a share to a weight of 0', () => {
    expect(sharesOf(variants([60, null]))).toEqual([0.5, 0.5]);
    expect(sharesOf(variants([100, 0]))).toEqual([1, 0]);
    const list = variants([100, 0]);
    for (let i = 0; i < 1000; i++) expect(pickVariant(list, drawFor(randomUUID(), 's')).label).toBe('A');
  });
});
