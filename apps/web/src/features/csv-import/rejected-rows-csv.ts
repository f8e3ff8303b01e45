import { toCsv } from '../../lib/csv-file';
import type { RejectedRow } from './parse-contacts-csv';

/** "lines 14 and 88", "lines 3, 9 and 12", the first ten then "and 5 more". */
export function lineList(lines: number[]): string {
  const shown = lines.slice(0, 10).map(String);
  const more = lines.length - shown.length;
  const word = lines.length === 1 ? 'line' : 'lines';
  if (more > 0) return `${word} ${shown.join(', ')} and ${more.toLocaleString('en-US')} more`;
  if (shown.length === 1) return `${word} ${shown[0]}`;
  return `${word} ${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/** The rejected rows as a CSV: the line, the file's own columns, and the reason. */
export function rejectedRowsCsv(headers: string[], rejected: RejectedRow[]): string {
  return toCsv(
    ['Line', ...headers, 'Reason'],
    rejected.map((row) => [String(row.line), ...headers.map((_, i) => row.cells[i] ?? ''), row.reason]),
  );
}
