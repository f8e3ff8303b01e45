import { describe, expect, it } from 'vitest';
import { isCsvFile } from './csv-file-type';

describe('isCsvFile', () => {
  it.each([
    ['leads.csv', 'text/csv'],
    ['leads.txt', 'text/csv'],
    ['leads.csv', 'text/csv; charset=utf-8'],
    ['leads.CSV', 'application/vnd.ms-excel'],
    ['leads.csv', 'application/csv'],
    ['leads.csv', 'text/x-csv'],
    ['leads.csv', 'text/comma-separated-values'],
    ['leads.csv', ''],
  ])('takes %s as %j', (name, type) => {
    expect(isCsvFile({ name, type })).toBe(true);
  });

  it.each([
    ['leads.xls', 'application/vnd.ms-excel'],
    ['leads.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['leads.csv', 'application/pdf'],
    ['photo.png', 'image/png'],
    ['notes', ''],
    ['notes.txt', 'text/plain'],
  ])('refuses %s as %j', (name, type) => {
    expect(isCsvFile({ name, type })).toBe(false);
  });
});
