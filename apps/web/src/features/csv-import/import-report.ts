import {
  BATCH_NOT_SAVED,
  type CsvContactRow,
  fieldForHeader,
  type ImportContactsResult,
  INVALID_EMAIL,
  REPEATED_EMAIL,
} from '@prospector/contracts';
import { serverMessage } from '../../lib/api';
import { countOf } from '../../lib/plural';
import { type CsvParseResult, MAX_REJECTED, NO_EMAIL, type RejectedRow } from './parse-contacts-csv';
import { lineList } from './rejected-rows-csv';
import { SavingCutOffError } from './upload-csv-file';

/**
 * Every row of the file that did not become a new contact, by line: the rows never sent (no address, or
 * none the browser could read) and the rows the server refused, with the server's reason. Repeats are the
 * server's alone: the browser's were a preview (told by fingerprints), the server's are exact.
 */
export function rowsNotImported(parsed: CsvParseResult, result: ImportContactsResult): RejectedRow[] {
  const foreseen = new Map(parsed.rejected.map((row) => [row.line, row]));
  const byLine = new Map(
    parsed.rejected.filter(({ reason }) => reason !== REPEATED_EMAIL).map((row) => [row.line, row]),
  );
  for (const { row, reason } of result.refused) {
    const line = parsed.lines[row];
    if (line === undefined) continue;
    const cells = foreseen.get(line)?.cells ?? cellsOf(parsed.headers, parsed.firstRows[row]);
    byLine.set(line, { line, reason, cells });
  }
  return [...byLine.values()].sort((a, b) => a.line - b.line);
}

/**
 * A file import's report in the preview's terms. The server reads every record after the header and counts
 * each row that is not imported once: a repeat as skipped, any other refusal (no address, an unreadable or
 * invalid one) as failed, exactly the rows the preview listed. Its counts are kept as they are, so the
 * summary's skipped and failed add up to the rows it lists; a refused row's place becomes its place among
 * the rows with an address (`parsed.lines`), as if those rows alone had been sent, and the rows without one
 * are listed from the browser's findings on their lines.
 */
export function fileReportAsRows(parsed: CsvParseResult, result: ImportContactsResult): ImportContactsResult {
  const refused = result.refused.flatMap(({ row, reason }) => {
    const index = sortedIndexOf(parsed.lines, row + parsed.headerLine + 1);
    return index === -1 ? [] : [{ row: index, reason }];
  });
  return { ...result, refused };
}

/** Where `value` is in the ascending `values`, or -1. */
function sortedIndexOf(values: ArrayLike<number>, value: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = values[middle] as number;
    if (found === value) return middle;
    if (found < value) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * A sent row written back under the file's headers, for a refused row whose cells were not kept; past the
 * rows the browser keeps (`firstRows`) only its line and reason are known, and its cells are left empty.
 */
function cellsOf(headers: string[], row: CsvContactRow | undefined): string[] {
  return headers.map((header) => {
    const field = fieldForHeader(header);
    return (field && row?.[field]) || '';
  });
}

/** Before the import the rows "will fail"; in its summary they "failed". */
export type RejectedRowsMoment = 'preview' | 'summary';

export function describeReason(reason: string, moment: RejectedRowsMoment): string {
  if (reason === NO_EMAIL) return 'without an email address';
  if (reason === INVALID_EMAIL) return 'with an invalid email address';
  if (reason === REPEATED_EMAIL) return 'repeating the email address of an earlier row';
  return moment === 'preview' ? `that will fail: ${reason}` : `that failed: ${reason}`;
}

/** "9 rows will not be imported" before the import, "9 rows were not imported" after: one count, both times. */
export function notImportedCount(rows: number, moment: RejectedRowsMoment): string {
  const verb = moment === 'preview' ? 'will not be' : rows === 1 ? 'was not' : 'were not';
  return `${countOf(rows, 'row', 'rows')} ${verb} imported`;
}

/** "2 rows with an invalid email address: lines 14 and 88", one line per reason, in order of first line. */
export function rejectedRowsLines(rejected: RejectedRow[], moment: RejectedRowsMoment): string[] {
  const byReason = new Map<string, number[]>();
  for (const row of rejected) byReason.set(row.reason, [...(byReason.get(row.reason) ?? []), row.line]);
  return [...byReason].map(
    ([reason, lines]) =>
      `${countOf(lines.length, 'row', 'rows')} ${describeReason(reason, moment)}: ${lineList(lines)}`,
  );
}

/** "2 contacts you already had were added to this list: a@x.co, b@x.co" (and how many more). */
export function knownAddedText({ count, emails }: ImportContactsResult['knownAdded']): string | null {
  if (count === 0) return null;
  const more = count - emails.length;
  const verb = count === 1 ? 'was' : 'were';
  return `${countOf(count, 'contact', 'contacts')} you already had ${verb} added to this list: ${emails.join(', ')}${
    more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''
  }`;
}

/**
 * The report of an import that did not end with one. Refused, or cut off while the file was sent, it saved
 * nothing (one transaction): every row failed, for the one reason (the first MAX_REJECTED are named, as
 * the server names its refused rows). Cut off once the server had the whole
 * file, it may have been saved: there is no report to show (null), and the list says what is there.
 */
export function failedImportReport(error: unknown, rows: number): ImportContactsResult | null {
  if (error instanceof SavingCutOffError) return null;
  const reason = serverMessage(error, BATCH_NOT_SAVED);
  return {
    inserted: 0,
    skipped: 0,
    failed: rows,
    refused: Array.from({ length: Math.min(rows, MAX_REJECTED) }, (_, row) => ({ row, reason })),
    knownAdded: { count: 0, emails: [] },
  };
}
