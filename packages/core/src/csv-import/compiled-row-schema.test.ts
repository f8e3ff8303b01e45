import { csvImportRowSchema } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { compiledCsvImportRowSchema } from './compiled-row-schema';

const rows: object[] = [
  { email: 'ada@example.com' },
  {
    email: ' Ada@Example.com ',
    firstName: ' Ada ',
    lastName: '',
    name: 'Ada Lovelace',
    title: 'CTO',
    organizationName: 'Engines',
    city: 'London',
    country: 'United Kingdom',
    linkedinUrl: 'https://www.linkedin.com/in/ada',
    customFields: { deal_stage: ' Won ', empty: '  ' },
    timezone: 'Europe/London',
  },
  { email: 'ada@example.com', city: '   ', timezone: '' },
  { email: 'bad@' },
  { email: `${'a'.repeat(250)}@example.com` },
  { email: 'ada@example.com', title: 'x'.repeat(501) },
  { email: 'ada@example.com', timezone: 'Mars/Olympus_Mons' },
  { email: 'ada@example.com', customFields: { 'Bad Key': 'v' } },
  { email: 'ada@example.com', customFields: { first_name: 'shadows a variable' } },
  { email: 'ada@example.com', customFields: { note: 'x'.repeat(2001) } },
  {
    email: 'ada@example.com',
    customFields: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, 'v'])),
  },
];

describe('compiledCsvImportRowSchema', () => {
  it.each(rows.map((row, i) => [i, row]))('answers row %i as csvImportRowSchema does', (_, row) => {
    const answer = (result: ReturnType<typeof csvImportRowSchema.safeParse>) => ({
      data: result.data,
      issues: result.error?.issues,
    });
    expect(answer(compiledCsvImportRowSchema.safeParse(row))).toEqual(
      answer(csvImportRowSchema.safeParse(row)),
    );
  });
});
