import { describe, expect, it } from 'vitest';
import { countOf, waitLength } from './plural';

describe('plurals', () => {
  it('says one in the singular and every other count in the plural', () => {
    expect(countOf(1, 'hour', 'hours')).toBe('1 hour');
    expect(countOf(0, 'hour', 'hours')).toBe('0 hours');
    expect(countOf(2500, 'day', 'days')).toBe('2,500 days');
    expect(waitLength(1, 'hours')).toBe('1 hour');
    expect(waitLength(3, 'days')).toBe('3 days');
  });
});
