import { describe, expect, it } from 'vitest';
import { pageCount, pageNumbers } from './page-numbers';

describe('pageNumbers', () => {
  it('shows at most five numbers, centred on the current page where it can', () => {
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(1, 50)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(2, 50)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(10, 50)).toEqual([8, 9, 10, 11, 12]);
    expect(pageNumbers(49, 50)).toEqual([46, 47, 48, 49, 50]);
    expect(pageNumbers(50, 50)).toEqual([46, 47, 48, 49, 50]);
    expect(pageNumbers(1, 0)).toEqual([]);
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(1_000_000, 20)).toBe(50_000);
  });
});
