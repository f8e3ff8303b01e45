import Papa from 'papaparse';

/**
 * A cell a spreadsheet would read as a formula: judged on its first character alone, whatever follows.
 * Papaparse's own pattern for `escapeFormulae: true` (`/^[=+\-@\t\r].*$/`) misses a value with a line break.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Every CSV the app writes: RFC 4180 with CRLF line ends, a UTF-8 byte-order mark first so spreadsheet
 * programs read "Zoë" as written, and each cell that would start a formula (=, +, -, @, tab, carriage
 * return) prefixed with ' and quoted, as OWASP's CSV-injection advice says: contact names and subjects
 * are text strangers wrote.
 */
export function toCsv(columns: readonly string[], rows: readonly (readonly (string | null)[])[]): string {
  const body = Papa.unparse(
    { fields: [...columns], data: rows.map((row) => row.map((value) => value ?? '')) },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
  return `\uFEFF${body}\r\n`;
}

/** Hands the CSV to the browser as a download. */
export function downloadCsv(csv: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
