/** A 32-bit integer hash of (value, salt): the sandbox's only source of "randomness", so it is repeatable. */
export function hash32(value: number, salt: number): number {
  let x = (Math.imul(value, 0x9e3779b1) ^ Math.imul(salt + 0x7f4a7c15, 0x85ebca6b)) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** A hash of a string (FNV-1a), for ids derived from names. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const hex = (value: number, width: number) =>
  (value >>> 0).toString(16).padStart(width, '0').slice(-width);

/**
 * Picks an index by weight with one hash: cumulative weights are built once, a pick is a binary search.
 */
export function weightedPicker(weights: readonly number[]): (roll: number) => number {
  const cumulative: number[] = [];
  let total = 0;
  for (const weight of weights) {
    total += weight;
    cumulative.push(total);
  }
  return (roll) => {
    const target = (roll % total) + 0.5;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulative[mid] as number) < target) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}
