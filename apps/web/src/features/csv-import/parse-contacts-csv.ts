import {
  CSV_PREVIEW_ROWS,
  type CsvContactField,
  type CsvContactRow,
  type CsvHeaderMapping,
  type CustomColumn,
  csvImportRowSchema,
  csvRowToContact,
  customColumnsOf,
  customFieldsOfLine,
  fieldForHeader,
  INVALID_EMAIL,
  mapCsvHeaders,
  NO_EMAIL,
  REPEATED_EMAIL,
} from '@prospector/contracts';
import Papa from 'papaparse';
import { AddressFingerprints } from './address-fingerprints';

/** What a parsed file holds: the rows to import and what the preview shows. */
export interface CsvParseResult {
  headers: string[];
  /** The recognised fields and the header each came from, in file order. */
  recognised: { field: CsvContactField; header: string }[];
  /** The columns no contact field takes: each imported as a custom field. */
  customColumns: CustomColumn[];
  /** How many rows have an email containing '@' (spec section 5: the others are skipped). */
  rowCount: number;
  /**
   * The first of those rows (FIRST_ROWS_KEPT), for the preview and for the cells of a row the server
   * refuses; a file's other rows are read and counted, not kept, so a file of millions fits in the tab.
   */
  firstRows: CsvContactRow[];
  /** The line in the file of each row with an address, in file order. */
  lines: Uint32Array;
  /**
   * Rows the server will take: those with a valid address not repeated from an earlier row. A preview:
   * repeats are told by the addresses' fingerprints (see AddressFingerprints), the server's report is exact.
   */
  importable: number;
  /** The first rows to import, for the preview (spec section 9: 5 rows). */
  preview: CsvContactRow[];
  /** Data rows with no email address at all. */
  withoutEmail: number;
  /** Data rows with no address containing '@' (no email, or none readable): never imported, never counted. */
  setAside: number;
  /** The header's line (2 after Excel's "sep=;" line); the server numbers rows from the line after it. */
  headerLine: number;
  /** Every row that will not become a contact, by its line (the header is line 1, blank lines do not count), and why. */
  rejected: RejectedRow[];
}

export interface RejectedRow {
  line: number;
  reason: typeof NO_EMAIL | string;
  cells: string[];
}

export { NO_EMAIL };

/** Rows kept for the rejected-rows download; a file with more lists the first ones. */
export const MAX_REJECTED = 10_000;
/** As many rows with an address are kept as rejected rows are listed (see `firstRows`). */
export const FIRST_ROWS_KEPT = MAX_REJECTED;

/**
 * Papa Parse's settings for contact files: no header handling of its own (the shared mapping does it),
 * blank lines dropped, and the delimiter guessed from the first lines among comma, semicolon (spreadsheet
 * exports in locales with a decimal comma), tab and pipe. Quoted fields, embedded commas and newlines,
 * CRLF and a UTF-8 byte-order mark are Papa Parse's own business.
 */
export const PAPA_CONFIG = {
  header: false,
  skipEmptyLines: 'greedy',
  delimitersToGuess: [',', ';', '\t', '|'],
} as const;

/** Collects parsed lines chunk by chunk (the worker feeds it as the file streams in). */
export function createCsvCollector() {
  let headers: string[] | null = null;
  let mapping: CsvHeaderMapping = {};
  let customColumns: CustomColumn[] = [];
  const firstRows: CsvContactRow[] = [];
  const rowLines = createLineList();
  const rejected: RejectedRow[] = [];
  const seen = new AddressFingerprints();
  let withoutEmail = 0;
  let setAside = 0;
  let headerLine = 0;
  let line = 0;
  const reject = (cells: string[], reason: string) => {
    if (rejected.length < MAX_REJECTED) rejected.push({ line, reason, cells });
  };
  return {
    add(lines: string[][]) {
      for (const cells of lines) {
        line += 1;
        if (!headers) {
          // Excel's "sep=;" hint line comes before the header (split by its own delimiter, or not).
          if (cells.length <= 2 && /^\uFEFF?sep=.?$/i.test(cells[0]?.trim() ?? '') && !cells[1]) continue;
          headers = cells.map((cell) => cell.trim());
          headerLine = line;
          mapping = mapCsvHeaders(headers);
          customColumns = customColumnsOf(headers, (header) => fieldForHeader(header) !== null);
          continue;
        }
        const row = csvRowToContact(cells, mapping);
        if (row) {
          if (firstRows.length < FIRST_ROWS_KEPT) firstRows.push(withCustomFields(row, cells, customColumns));
          rowLines.push(line);
          const checked = csvImportRowSchema.safeParse(row);
          const email = checked.data?.email.toLowerCase() ?? '';
          if (!checked.success) reject(cells, checked.error.issues[0]?.message ?? 'Invalid row');
          else if (!seen.add(email)) reject(cells, REPEATED_EMAIL);
        } else if (mapping.email?.some((column) => cells[column]?.trim())) {
          setAside += 1;
          reject(cells, INVALID_EMAIL);
        } else {
          setAside += 1;
          withoutEmail += 1;
          reject(cells, NO_EMAIL);
        }
      }
    },
    result(): CsvParseResult {
      const names = headers ?? [];
      const recognised = Object.entries(mapping).map(([field, columns]) => ({
        field: field as CsvContactField,
        header: names[columns?.[0] ?? 0] ?? field,
      }));
      return {
        headers: names,
        recognised,
        customColumns,
        rowCount: rowLines.length,
        firstRows,
        lines: rowLines.trimmed(),
        importable: seen.size,
        preview: firstRows.slice(0, CSV_PREVIEW_ROWS),
        withoutEmail,
        setAside,
        headerLine,
        rejected,
      };
    },
  };
}

/**
 * File lines in a typed array that doubles when full (4 bytes a row). `trimmed` gives them in an array of
 * their exact length (a copy, kept in place of the larger one): a view would hand the page its whole buffer.
 */
function createLineList() {
  let lines = new Uint32Array(1024);
  let length = 0;
  return {
    get length() {
      return length;
    },
    push(line: number) {
      if (length === lines.length) {
        const grown = new Uint32Array(Math.max(1024, 2 * lines.length));
        grown.set(lines);
        lines = grown;
      }
      lines[length] = line;
      length += 1;
    },
    trimmed(): Uint32Array {
      if (lines.length !== length) lines = lines.slice(0, length);
      return lines;
    },
  };
}

function withCustomFields(row: CsvContactRow, cells: string[], columns: CustomColumn[]): CsvContactRow {
  const customFields = customFieldsOfLine(cells, columns);
  return customFields ? { ...row, customFields } : row;
}

/**
 * Excel writes a first line "sep=;" to say which delimiter follows; it would mislead the guess, so it
 * names the delimiter outright (the collector then skips the line).
 */
export function delimiterHint(head: string): string | undefined {
  return /^\uFEFF?sep=(.)\r?\n/i.exec(head)?.[1];
}

/** Papa Parse's config for a file whose first characters are `head`. */
export function papaConfig(head: string) {
  const delimiter = delimiterHint(head);
  return {
    ...PAPA_CONFIG,
    delimitersToGuess: [...PAPA_CONFIG.delimitersToGuess],
    ...(delimiter && { delimiter }),
  };
}

/** Parses a whole CSV text at once (small files, and the tests). */
export function parseContactsCsv(text: string): CsvParseResult {
  const collector = createCsvCollector();
  const parsed = Papa.parse<string[]>(text, papaConfig(text.slice(0, 16)));
  collector.add(parsed.data);
  return collector.result();
}
