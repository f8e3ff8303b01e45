import { describe, expect, it } from 'vitest';
import { pageCount, pageNumbers, pagesToOffer, totalLabel } from './page-numbers';

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

describe('a total that may be a lower bound', () => {
  const full = Array.from({ length: 20 }, (_, i) => i);
  it('shows it with a plus', () => {
    expect(totalLabel({ total: 1000, totalIsExact: false })).toBe('1,000+');
    expect(totalLabel({ total: 1234, totalIsExact: true })).toBe('1,234');
  });

  it('offers one page more while the page is full, past the counted ones', () => {
    expect(pagesToOffer({ total: 1000, totalIsExact: false, contacts: full }, 1, 20)).toBe(50);
    expect(pagesToOffer({ total: 1000, totalIsExact: false, contacts: full }, 50, 20)).toBe(51);
    expect(pagesToOffer({ total: 1000, totalIsExact: false, contacts: full.slice(0, 3) }, 51, 20)).toBe(51);
    expect(pagesToOffer({ total: 41, totalIsExact: true, contacts: full.slice(0, 1) }, 3, 20)).toBe(3);
    expect(pagesToOffer(undefined, 1, 20)).toBe(1);
  });
});
