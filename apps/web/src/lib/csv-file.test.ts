import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv-file';

describe('toCsv', () => {
  it('begins with a UTF-8 byte-order mark and quotes commas, quotes and newlines', () => {
    const csv = toCsv(['Name', 'Note'], [['Zoë, Ann', 'say "hi"\nbye']]);
    expect(csv).toBe('\uFEFFName,Note\r\n"Zoë, Ann","say ""hi""\nbye"\r\n');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","Open")'],
    ['+1+1'],
    ['-2+3'],
    ['@SUM(A1)'],
    ['\t=1'],
    ['\r=1'],
    ['=HYPERLINK("http://evil.example",\n"Click")'],
    ['+1\r\n2'],
    ['@SUM(A1)\n'],
    ['-\n'],
  ])('neutralises a cell that would start a formula: %j', (value) => {
    const csv = toCsv(['Name'], [[value]]);
    const [, row] = Papa.parse<string[]>(csv.slice(1), { newline: '\r\n' }).data;
    expect(row).toEqual([`'${value}`]);
  });

  it('writes an empty cell for a missing value', () => {
    expect(toCsv(['A', 'B'], [[null, 'b']])).toBe('\uFEFFA,B\r\n,b\r\n');
  });
});
