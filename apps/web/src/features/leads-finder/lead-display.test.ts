import { EMPLOYEE_RANGES, type Lead, LOCKED_EMAIL_MARKER } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import {
  importSummary,
  initials,
  leadEmail,
  leadsWithUsableEmail,
  pickerDescription,
  showingRange,
} from './lead-display';
import { countFilters, emptyLeadFilters, toggleEmployeeRange, toLeadSearchFilters } from './lead-filters';

const lead = (id: string, email: string | null): Lead => ({
  id,
  apolloId: id,
  name: `Person ${id}`,
  first_name: 'Person',
  last_name: id,
  title: 'Sales Manager',
  headline: null,
  email,
  linkedin_url: null,
  city: null,
  state: null,
  country: null,
  organization: null,
});

describe('showingRange', () => {
  it('counts 50 a page and stops at the total', () => {
    expect(showingRange(1, 1234)).toBe('Showing 1 to 50 of 1,234');
    expect(showingRange(2, 1234)).toBe('Showing 51 to 100 of 1,234');
    expect(showingRange(25, 1234)).toBe('Showing 1,201 to 1,234 of 1,234');
    expect(showingRange(1, 7)).toBe('Showing 1 to 7 of 7');
    expect(showingRange(1, 0)).toBe('Showing 0 of 0');
  });
});

describe('leadEmail', () => {
  it('tells an address from a locked one and from none', () => {
    expect(leadEmail('ana@acme.io')).toEqual({ kind: 'address', email: 'ana@acme.io' });
    expect(leadEmail(LOCKED_EMAIL_MARKER)).toEqual({ kind: 'locked' });
    expect(leadEmail(null)).toEqual({ kind: 'none' });
    expect(leadEmail('')).toEqual({ kind: 'none' });
    expect(leadEmail('not an address')).toEqual({ kind: 'none' });
  });

  it('keeps only leads an import can add', () => {
    const leads = [lead('1', 'a@b.co'), lead('2', null), lead('3', LOCKED_EMAIL_MARKER), lead('4', 'x')];
    expect(leadsWithUsableEmail(leads).map((l) => l.id)).toEqual(['1', '3']);
    expect(leadsWithUsableEmail([lead('5', null)])).toEqual([]);
  });
});

describe('importSummary', () => {
  it('mentions added, revealed and skipped duplicates', () => {
    const progress = {
      added: 1200,
      revealed: 1,
      skipped: 3,
      skippedDuplicates: 3,
      skippedNoEmail: 0,
      processed: 1203,
      total: 1203,
    };
    expect(importSummary(progress)).toBe('Added 1,200 contacts, revealed 1 email, skipped 3 duplicates.');
    expect(importSummary({ ...progress, added: 1, skippedDuplicates: 1, skippedNoEmail: 2 })).toBe(
      'Added 1 contact, revealed 1 email, skipped 1 duplicate and 2 leads without email.',
    );
  });
});

describe('pickerDescription', () => {
  it('says how many leads the import takes, at most the add-all cap', () => {
    expect(pickerDescription('selected', 1)).toMatch(/^Add 1 selected lead to an email list\./);
    expect(pickerDescription('selected', 3)).toMatch(/^Add 3 selected leads to/);
    expect(pickerDescription('all', 71)).toMatch(/^Add all 71 results to an email list\./);
    expect(pickerDescription('all', 100_000)).toMatch(/^Add all 100,000 results \(the first 10,000\) to/);
  });
});

describe('initials', () => {
  it('takes two letters of a company name', () => {
    expect(initials('Northwind Traders')).toBe('NT');
    expect(initials('acme')).toBe('AC');
    expect(initials(null)).toBe('?');
  });
});

describe('lead filters', () => {
  it('sends picked industries by id and custom ones by name', () => {
    const filters = toLeadSearchFilters({
      ...emptyLeadFilters,
      personTitles: ['Sales Manager'],
      locationType: 'account',
      industries: [
        { id: '5567cd4773696439b10b0000', name: 'Computer Software' },
        { id: null, name: 'fintech' },
      ],
      employeeCounts: ['11-20'],
    });
    expect(filters).toEqual({
      personTitles: ['Sales Manager'],
      locations: [],
      locationType: 'account',
      industries: ['5567cd4773696439b10b0000'],
      industryNames: ['fintech'],
      employeeCounts: ['11-20'],
    });
  });

  it('toggles employee ranges in the spec order and counts set values', () => {
    const picked = toggleEmployeeRange(['10001+'], EMPLOYEE_RANGES, '1-10');
    expect(picked).toEqual(['1-10', '10001+']);
    expect(toggleEmployeeRange(picked, EMPLOYEE_RANGES, '10001+')).toEqual(['1-10']);
    expect(countFilters({ ...emptyLeadFilters, personTitles: ['CEO'], employeeCounts: picked })).toBe(3);
  });
});
