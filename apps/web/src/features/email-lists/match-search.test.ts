import type { Persona } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { matchesSearch } from './match-search';

const list: Persona = {
  id: '1',
  name: 'SaaS CTOs',
  industry: 'Software',
  jobTitle: 'Chief Technology Officer',
  location: 'Berlin',
  description: 'Met at the fintech summit',
  contactCount: 0,
  sequenceCount: 0,
  createdAt: '',
  updatedAt: '',
};

describe('email list search (spec section 9)', () => {
  it('searches name, industry, job title, location and description, ignoring case', () => {
    for (const term of ['saas', 'SOFTWARE', 'technology', 'berl', 'fintech', '  ']) {
      expect(matchesSearch(list, term)).toBe(true);
    }
    expect(matchesSearch(list, 'paris')).toBe(false);
    expect(matchesSearch({ ...list, description: null }, 'fintech')).toBe(false);
  });
});
