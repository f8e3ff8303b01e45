import { describe, expect, it } from 'vitest';
import { selectionBody, selectionCount } from './list-selection';

describe('a list page selection', () => {
  it('sends the ticked ids, counted as such', () => {
    const selection = { contactIds: ['a', 'b'] };
    expect(selectionBody(selection)).toEqual({ contactIds: ['a', 'b'] });
    expect(selectionCount(selection)).toBe(2);
  });

  it('sends allOfList for the whole list, counted as the list total, without ids', () => {
    const selection = { allOfList: true as const, count: 26 };
    expect(selectionBody(selection)).toEqual({ allOfList: true });
    expect(selectionCount(selection)).toBe(26);
  });
});
