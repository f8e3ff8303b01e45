import { describe, expect, it } from 'vitest';
import {
  BATCH_NOT_SAVED,
  csvRowToContact,
  fieldForHeader,
  importBatches,
  importCsvQuery,
  importCsvQuerySchema,
  importSummaryMessage,
  KNOWN_EMAILS_SHOWN,
  mapCsvHeaders,
  normalizeHeader,
  REPEATED_EMAIL,
  uploadInBatches,
} from './contact-csv';

describe('header mapping', () => {
  it('ignores case, spacing, punctuation and a byte-order mark', () => {
    expect(normalizeHeader('\uFEFF First_Name ')).toBe('firstname');
    for (const header of [
      'LinkedIn URL',
      'linkedin_url',
      'Linkedin-Url',
      'LINKEDINURL',
      'Person Linkedin Url',
    ]) {
      expect(fieldForHeader(header)).toBe('linkedinUrl');
    }
  });

  it('knows the spec headers and the usual export names', () => {
    const expected = {
      Email: 'email',
      'Email Address': 'email',
      'E-mail': 'email',
      'First Name': 'firstName',
      'Last Name': 'lastName',
      Name: 'name',
      Title: 'title',
      'Job Title': 'title',
      Organization: 'organizationName',
      Company: 'organizationName',
      'Company Name': 'organizationName',
      City: 'city',
      State: 'state',
      Country: 'country',
      Headline: 'headline',
      'Apollo ID': 'apolloId',
      Industry: 'industry',
    };
    for (const [header, field] of Object.entries(expected)) expect(fieldForHeader(header)).toBe(field);
    expect(fieldForHeader('Phone')).toBeNull();
  });

  it('maps a row, trimming and leaving out empty values; no @ means no row', () => {
    const mapping = mapCsvHeaders(['Email', 'Phone', 'First Name', 'Email Address']);
    expect(mapping).toEqual({ email: [0, 3], firstName: [2] });
    expect(csvRowToContact([' a@b.co ', '123', '  '], mapping)).toEqual({ email: 'a@b.co' });
    expect(csvRowToContact(['', '', 'Ada', 'ada@b.co'], mapping)).toEqual({
      email: 'ada@b.co',
      firstName: 'Ada',
    });
    expect(csvRowToContact(['nobody', '', 'X'], mapping)).toBeNull();
    expect(csvRowToContact([], mapping)).toBeNull();
  });
});

describe('batches', () => {
  it('splits by row count and by bytes', () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ email: `${i}@x.co` }));
    expect(importBatches(rows, 2).map((b) => b.length)).toEqual([2, 2, 1]);
    const wide = Array.from({ length: 4 }, () => ({ email: 'a@b.co', headline: 'é'.repeat(300) }));
    // Each row is ~620 bytes of UTF-8 JSON (é is two bytes): two fit in 1,300 bytes, three do not.
    expect(importBatches(wide, 100, 1300).map((b) => b.length)).toEqual([2, 2]);
    expect(importBatches([], 10)).toEqual([]);
  });

  it('adds up the answers, counts a failed batch as failed, and reports progress', async () => {
    const rows = Array.from({ length: 4500 }, (_, i) => ({ email: `${i}@x.co` }));
    const progress: number[] = [];
    let call = 0;
    const totals = await uploadInBatches(
      rows,
      async (batch) => {
        call += 1;
        if (call === 2) throw new Error('500: boom');
        return {
          inserted: batch.length - 1,
          skipped: 1,
          failed: 0,
          refused: [{ row: 1, reason: REPEATED_EMAIL }],
          knownAdded: { count: 8, emails: Array.from({ length: 8 }, (_, i) => `${call}-${i}@x.co`) },
        };
      },
      (done, total) => {
        expect(total).toBe(4500);
        progress.push(done);
      },
    );
    expect(totals).toMatchObject({ inserted: 1999 + 499, skipped: 2, failed: 2000 });
    // Rows are placed in the whole file: the third batch starts at row 4000; the failed one's rows are named.
    expect(totals.refused).toHaveLength(2002);
    expect(totals.refused[0]).toEqual({ row: 1, reason: REPEATED_EMAIL });
    expect(totals.refused[1]).toEqual({ row: 2000, reason: BATCH_NOT_SAVED });
    expect(totals.refused.at(-1)).toEqual({ row: 4001, reason: REPEATED_EMAIL });
    expect(totals.knownAdded.count).toBe(16);
    expect(totals.knownAdded.emails).toHaveLength(KNOWN_EMAILS_SHOWN);
    expect(progress.at(-1)).toBe(4500);
    expect(progress).toHaveLength(3);
  });

  it('words the summary as the spec does', () => {
    expect(importSummaryMessage({ inserted: 3, skipped: 2, failed: 1 })).toBe(
      'Successfully imported 3 contacts, 2 skipped (duplicate emails), 1 failed',
    );
  });
});

describe('the file import query', () => {
  it('carries the choices of the preview and reads back as the route reads it', () => {
    const query = importCsvQuery({
      updateExistingContacts: true,
      excludedFields: new Set(['pain_point', 'notes']),
    });
    expect(query).toBe('?updateExistingContacts=true&excludedFields=pain_point%2Cnotes');
    const parsed = importCsvQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
    expect(parsed).toEqual({ updateExistingContacts: true, excludedFields: ['pain_point', 'notes'] });
    expect(importCsvQuery({})).toBe('');
    expect(importCsvQuerySchema.parse({})).toEqual({ updateExistingContacts: false, excludedFields: [] });
  });

  it('refuses field lists that are not keys', () => {
    expect(importCsvQuerySchema.safeParse({ excludedFields: 'a,,b' }).success).toBe(false);
    expect(importCsvQuerySchema.safeParse({ excludedFields: 'Pain Point' }).success).toBe(false);
    expect(importCsvQuerySchema.safeParse({ excludedFields: ['a', 'b'] }).success).toBe(false);
  });
});
