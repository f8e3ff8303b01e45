import { describe, expect, it } from 'vitest';
import { acronymOf, rankSuggestions, suggestionRank } from './suggestion-ranking';

describe('type-ahead ranking', () => {
  it('reads acronyms without the small words', () => {
    expect(acronymOf('Chief Technology Officer')).toBe('cto');
    expect(acronymOf('Vice President of Sales')).toBe('vps');
    expect(acronymOf('Research & Development')).toBe('rd');
  });

  it('ranks whole words and acronyms above matches inside a word', () => {
    const titles = ['Director of Operations', 'Chief Technology Officer', 'CTO', 'Factory Manager'];
    expect(rankSuggestions('cto', titles, (t) => t)).toEqual([
      'Chief Technology Officer',
      'CTO',
      'Director of Operations',
      'Factory Manager',
    ]);
    expect(suggestionRank('CTO', 'Chief Technology Officer')).toBe(0);
    expect(suggestionRank('cto', 'Director of Operations')).toBe(6);
  });

  it('orders whole words, then word starts, then acronym starts, then the inside of words', () => {
    expect(suggestionRank('sales', 'Sales Manager')).toBe(1);
    expect(suggestionRank('sales', 'VP of Sales')).toBe(2);
    expect(suggestionRank('sal', 'Sales Manager')).toBe(3);
    expect(suggestionRank('man', 'Sales Manager')).toBe(4);
    expect(suggestionRank('ct', 'Chief Technology Officer')).toBe(5);
    expect(suggestionRank('ales', 'Sales Manager')).toBe(6);
    expect(suggestionRank('xyz', 'Sales Manager')).toBeNull();
    expect(suggestionRank('  Sales   manager ', 'sales-manager')).toBe(0);
  });

  it('keeps the source order between equals and puts what it cannot match last', () => {
    const names = ['Vice President Sales', 'Sales Director', 'Salesforce Admin', 'Inside Sales'];
    expect(rankSuggestions('sales', names, (n) => n)).toEqual([
      'Sales Director',
      'Vice President Sales',
      'Inside Sales',
      'Salesforce Admin',
    ]);
    expect(rankSuggestions('vp', ['Very Private', 'Unrelated', 'VP Marketing'], (n) => n)).toEqual([
      'Very Private',
      'VP Marketing',
      'Unrelated',
    ]);
  });
});
