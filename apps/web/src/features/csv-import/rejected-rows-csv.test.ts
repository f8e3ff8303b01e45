import { describe, expect, it } from 'vitest';
import { lineList, rejectedRowsCsv } from './rejected-rows-csv';

describe('rejected rows', () => {
  it('names their lines', () => {
    expect(lineList([14])).toBe('line 14');
    expect(lineList([14, 88])).toBe('lines 14 and 88');
    expect(lineList([3, 9, 12])).toBe('lines 3, 9 and 12');
    expect(lineList(Array.from({ length: 12 }, (_, i) => i + 2))).toBe(
      'lines 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 2 more',
    );
  });

  it('download as a safe CSV with the line, the file’s columns and the reason', () => {
    const csv = rejectedRowsCsv(
      ['Email', 'Name'],
      [
        { line: 14, reason: 'Invalid email address', cells: ['bad@', '=cmd()'] },
        { line: 88, reason: 'No email address', cells: ['', 'Zoë'] },
      ],
    );
    expect(csv).toBe(
      '\uFEFFLine,Email,Name,Reason\r\n14,bad@,"\'=cmd()",Invalid email address\r\n88,,Zoë,No email address\r\n',
    );
  });

  it('neutralises a formula cell that holds a line break', () => {
    const csv = rejectedRowsCsv(
      ['Email', 'Name'],
      [{ line: 3, reason: 'No email address', cells: ['', '-2+3\n=1'] }],
    );
    expect(csv).toBe('\uFEFFLine,Email,Name,Reason\r\n3,,"\'-2+3\n=1",No email address\r\n');
  });
});
