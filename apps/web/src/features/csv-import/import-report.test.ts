import {
  BATCH_NOT_SAVED,
  emptyImportResult,
  INVALID_EMAIL,
  NO_EMAIL,
  REPEATED_EMAIL,
} from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  failedImportReport,
  fileReportAsRows,
  knownAddedText,
  notImportedCount,
  rejectedRowsLines,
  rowsNotImported,
} from './import-report';
import { FIRST_ROWS_KEPT, MAX_REJECTED, parseContactsCsv } from './parse-contacts-csv';
import { SavingCutOffError } from './upload-csv-file';

const file = [
  'Email,Name,Note',
  'ann@example.com,Ann,a',
  ',Nobody,b',
  'bad@,Bad,c',
  'ANN@example.com,Again,d',
  'bob@example.com,Bob,e',
].join('\n');

describe('rowsNotImported', () => {
  it("puts the server's refusals on their lines, beside the rows never sent", () => {
    const parsed = parseContactsCsv(file);
    const result = {
      ...emptyImportResult(),
      refused: [
        { row: 1, reason: INVALID_EMAIL },
        { row: 2, reason: REPEATED_EMAIL },
      ],
    };
    expect(rowsNotImported(parsed, result)).toEqual([
      { line: 3, reason: 'No email address', cells: ['', 'Nobody', 'b'] },
      { line: 4, reason: INVALID_EMAIL, cells: ['bad@', 'Bad', 'c'] },
      { line: 5, reason: REPEATED_EMAIL, cells: ['ANN@example.com', 'Again', 'd'] },
    ]);
  });

  it('lists a row the browser took for a repeat only when the server refused it too', () => {
    const parsed = parseContactsCsv(file);
    expect(parsed.rejected.map(({ line, reason }) => [line, reason])).toContainEqual([5, REPEATED_EMAIL]);
    const result = { ...emptyImportResult(), refused: [{ row: 1, reason: INVALID_EMAIL }] };
    expect(rowsNotImported(parsed, result).map(({ line, reason }) => [line, reason])).toEqual([
      [3, NO_EMAIL],
      [4, INVALID_EMAIL],
    ]);
  });

  it('writes a refused row the browser did not foresee from the values it sent', () => {
    const parsed = parseContactsCsv(file);
    const result = { ...emptyImportResult(), refused: [{ row: 3, reason: BATCH_NOT_SAVED }] };
    expect(rowsNotImported(parsed, result).find((row) => row.line === 6)).toEqual({
      line: 6,
      reason: BATCH_NOT_SAVED,
      cells: ['bob@example.com', 'Bob', ''],
    });
  });

  it('names a refused row past the rows the browser keeps by its line, with its cells left empty', () => {
    const lines = Array.from({ length: FIRST_ROWS_KEPT + 10 }, (_, i) => `lead${i}@example.com,Lead ${i}`);
    const parsed = parseContactsCsv(`Email,Name\n${lines.join('\n')}\n`);
    const result = {
      ...emptyImportResult(),
      refused: [
        { row: 0, reason: BATCH_NOT_SAVED },
        { row: FIRST_ROWS_KEPT + 5, reason: BATCH_NOT_SAVED },
      ],
    };
    expect(rowsNotImported(parsed, result)).toEqual([
      { line: 2, reason: BATCH_NOT_SAVED, cells: ['lead0@example.com', 'Lead 0'] },
      { line: FIRST_ROWS_KEPT + 7, reason: BATCH_NOT_SAVED, cells: ['', ''] },
    ]);
  });
});

describe('fileReportAsRows', () => {
  it("reads the server's file report as the preview's rows: as many rows counted as listed, as previewed", () => {
    const parsed = parseContactsCsv(file);
    // The server numbers every record after the header, and counts the one without an address as failed.
    const refusedFrom = (reasons: string[]) => reasons.map((reason, i) => ({ row: i + 1, reason }));
    const fromServer = {
      ...emptyImportResult(),
      ...{ inserted: 2, skipped: 1, failed: 2 },
      refused: refusedFrom([NO_EMAIL, INVALID_EMAIL, REPEATED_EMAIL]),
    };
    const report = fileReportAsRows(parsed, fromServer);
    // Row 1 had no address: still failed, listed from the browser's findings; the rows after it move up one place.
    expect(report).toEqual({ ...fromServer, refused: refusedFrom([INVALID_EMAIL, REPEATED_EMAIL]) });
    const listed = rowsNotImported(parsed, report);
    expect(listed.map(({ line, reason }) => [line, reason])).toEqual([
      [3, NO_EMAIL],
      [4, INVALID_EMAIL],
      [5, REPEATED_EMAIL],
    ]);
    // One count: the preview's rows, the summary's skipped and failed, and its list of lines.
    expect(parsed.rejected).toHaveLength(3);
    expect(report.skipped + report.failed).toBe(listed.length);
    expect(notImportedCount(parsed.rejected.length, 'preview')).toBe('3 rows will not be imported');
    expect(notImportedCount(listed.length, 'summary')).toBe('3 rows were not imported');
  });

  it("counts from the header's line when Excel's sep= line comes first", () => {
    const parsed = parseContactsCsv('sep=;\nEmail;Name\nann@example.com;Ann\nbad@;Bad\n');
    expect(parsed.headerLine).toBe(2);
    const fromServer = {
      ...emptyImportResult(),
      inserted: 1,
      failed: 1,
      refused: [{ row: 1, reason: INVALID_EMAIL }],
    };
    expect(rowsNotImported(parsed, fileReportAsRows(parsed, fromServer))).toEqual([
      { line: 4, reason: INVALID_EMAIL, cells: ['bad@', 'Bad'] },
    ]);
  });
});

describe('the summary lines', () => {
  it('counts the rows of each reason, with their lines, as the preview and after the import', () => {
    const rows = [
      { line: 14, reason: INVALID_EMAIL, cells: [] },
      { line: 20, reason: REPEATED_EMAIL, cells: [] },
      { line: 88, reason: INVALID_EMAIL, cells: [] },
      { line: 90, reason: 'Title is too long (at most 500 characters)', cells: [] },
    ];
    expect(rejectedRowsLines(rows, 'preview')).toEqual([
      '2 rows with an invalid email address: lines 14 and 88',
      '1 row repeating the email address of an earlier row: line 20',
      '1 row that will fail: Title is too long (at most 500 characters): line 90',
    ]);
    expect(rejectedRowsLines(rows, 'summary').at(-1)).toBe(
      '1 row that failed: Title is too long (at most 500 characters): line 90',
    );
  });

  it('names the known addresses added to the list, and how many more there were', () => {
    expect(knownAddedText({ count: 0, emails: [] })).toBeNull();
    expect(knownAddedText({ count: 1, emails: ['ada@x.co'] })).toBe(
      '1 contact you already had was added to this list: ada@x.co',
    );
    expect(knownAddedText({ count: 12, emails: ['a@x.co', 'b@x.co'] })).toBe(
      '12 contacts you already had were added to this list: a@x.co, b@x.co and 10 more',
    );
  });
});

describe('failedImportReport', () => {
  it('counts every row failed when nothing was saved, and gives no report when that is not known', () => {
    const refused = new ApiError(
      413,
      '{"message":"The CSV file is larger than 1.5 GB"}',
      'Payload Too Large',
    );
    expect(failedImportReport(refused, 2)).toEqual({
      inserted: 0,
      skipped: 0,
      failed: 2,
      refused: [
        { row: 0, reason: 'The CSV file is larger than 1.5 GB' },
        { row: 1, reason: 'The CSV file is larger than 1.5 GB' },
      ],
      knownAdded: { count: 0, emails: [] },
    });
    expect(failedImportReport(new Error('The file could not be sent'), 1)?.refused).toEqual([
      { row: 0, reason: BATCH_NOT_SAVED },
    ]);
    expect(failedImportReport(new SavingCutOffError(), 2)).toBeNull();
  });

  it('names as many failed rows as the server would, and counts them all', () => {
    const report = failedImportReport(new Error('The file could not be sent'), 7_000_000);
    expect(report?.failed).toBe(7_000_000);
    expect(report?.refused).toHaveLength(MAX_REJECTED);
  });
});
