import {
  type CsvImportProgress,
  csvRowToContact,
  customColumnsOf,
  customFieldsOfLine,
  fieldForHeader,
  type ImportContactsResult,
  INVALID_EMAIL,
  isCustomFieldLimitIssue,
  mapCsvHeaders,
  NO_EMAIL,
  REPEATED_EMAIL,
  type RefusedImportRow,
} from '@prospector/contracts';
import { withCopySession } from '@prospector/db';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { findPersona } from '../personas/persona-store';
import { recordImportCompleted } from '../webhooks/record-event';
import { compiledCsvImportRowSchema } from './compiled-row-schema';
import { contactValues } from './contact-values';
import { csvRecords } from './csv-records';
import type { ImportStop } from './import-stop';
import { mergeRanges, type StagedRange } from './merge-ranges';
import { CREATE_REPEATS, CREATE_SEEN, CREATE_STAGING, REPEATS_LISTED } from './staging-sql';

/** Refused rows a file import names; the counts cover them all (the browser keeps as many). */
export const REFUSED_ROWS_LISTED = 10_000;
/** COPY input is handed over in pieces of about this many characters. */
const COPY_PIECE_CHARS = 64 * 1024;
/**
 * The file is merged a range of this many records at a time, each range a step of the progress; a range
 * also ends at RANGE_CHARS of COPY text, so wide rows do not make a large one.
 */
const RANGE_RECORDS = 10_000;
const RANGE_CHARS = 8 * 1024 * 1024;

/**
 * POST /api/personas/{id}/import-csv: a whole CSV file, streamed. Rows are read and checked as the bytes
 * arrive, and saved a range at a time while the next range is read, so memory stays flat whatever the
 * file's size; repeats inside the file and addresses the user already has are settled in SQL. The report
 * is the batched import's (decision 030), with each refused row's place among the file's records after the
 * header, from 0. All in one transaction: an import that fails or is cut off leaves nothing, and running it
 * again adds each contact once. `onProgress` hears the saving once the last byte is in.
 */
export async function importContactsCsv(
  deps: CoreDeps,
  workspaceId: string,
  personaId: string,
  file: AsyncIterable<Uint8Array | string>,
  options: {
    updateExistingContacts?: boolean;
    /** Custom fields (keys of the file's other columns) the user left out. */
    excludedFields?: readonly string[];
    /** Applied to the file's text before parsing (the server removes forbidden characters). */
    cleanText?: (text: string) => string;
    onProgress?: (progress: CsvImportProgress) => void;
    /** Stopped when the client has gone or the user stops the import: nothing is saved. */
    stop?: ImportStop;
  } = {},
): Promise<ImportContactsResult> {
  await findPersona(deps.db, workspaceId, personaId);
  const now = deps.clock.now();
  return withCopySession(deps.db, async (session) => {
    const persona = await findPersona(session.db, workspaceId, personaId);
    const checker = createRowChecker(new Set(options.excludedFields));
    for (const table of [CREATE_STAGING, CREATE_SEEN, CREATE_REPEATS]) await session.query(table);
    const ranges = stagedRanges(csvRecords(file, options.cleanText), checker);
    const merged = await mergeRanges(session, ranges, checker, options, [
      workspaceId,
      persona.id,
      persona.industry,
      now.toISOString(),
    ]);
    const repeatedRows = (await session.query(REPEATS_LISTED, [REFUSED_ROWS_LISTED])).map((r) => ({
      row: Number(r.ord),
      reason: REPEATED_EMAIL,
    }));
    const inserted = merged.inserted;
    // Repeats were accepted row by row and removed in SQL: they are among the rows not inserted.
    const skipped = checker.accepted - inserted;
    await recordImportCompleted(session.db, {
      workspaceId,
      listId: persona.id,
      when: now,
      counts: { inserted, skipped, failed: checker.failed },
    });
    return {
      inserted,
      skipped,
      failed: checker.failed,
      refused: [...checker.refused, ...repeatedRows]
        .sort((a, b) => a.row - b.row)
        .slice(0, REFUSED_ROWS_LISTED),
      knownAdded: merged.knownAdded,
    };
  });
}

type RowChecker = ReturnType<typeof createRowChecker>;

/**
 * Reads records the way the browser's import does (header mapping, custom columns, name splitting) and
 * checks each row with the server's rules. A row over a custom-field limit refuses the file (422).
 */
function createRowChecker(excludedFields: ReadonlySet<string>) {
  let mapping: ReturnType<typeof mapCsvHeaders> | null = null;
  let customColumns: ReturnType<typeof customColumnsOf> = [];
  const refused: RefusedImportRow[] = [];
  /** `records`: the file's records after the header, read so far. */
  const state = { records: 0, accepted: 0, failed: 0, refused, fileIn: false };
  const refuse = (row: number, reason: string) => {
    state.failed += 1;
    if (refused.length < REFUSED_ROWS_LISTED) refused.push({ row, reason });
  };
  let row = -1;
  return Object.assign(state, {
    /** The row's column values, or null when the record is the header or is refused. */
    check(cells: string[]): (string | null)[] | null {
      if (!mapping) {
        const headers = cells.map((cell) => cell.trim());
        mapping = mapCsvHeaders(headers);
        customColumns = customColumnsOf(headers, (header) => fieldForHeader(header) !== null).filter(
          (column) => !excludedFields.has(column.key),
        );
        return null;
      }
      row += 1;
      state.records = row + 1;
      const contact = csvRowToContact(cells, mapping);
      if (!contact) {
        const hasEmail = mapping.email?.some((column) => cells[column]?.trim());
        refuse(row, hasEmail ? INVALID_EMAIL : NO_EMAIL);
        return null;
      }
      const customFields = customFieldsOfLine(cells, customColumns);
      const parsed = compiledCsvImportRowSchema.safeParse(
        customFields ? { ...contact, customFields } : contact,
      );
      const limit = parsed.error?.issues.find(isCustomFieldLimitIssue);
      if (limit) throw new AppError('INVALID_CUSTOM_FIELDS', `Row ${row + 1}: ${limit.message}`);
      if (!parsed.success) {
        refuse(row, parsed.error.issues[0]?.message ?? INVALID_EMAIL);
        return null;
      }
      state.accepted += 1;
      return [String(row), ...contactValues(parsed.data)];
    },
  });
}

/**
 * The accepted rows as COPY CSV text, a range of the file at a time, in pieces. Marks the reading done
 * (`fileIn`) before the last range is handed over.
 */
async function* stagedRanges(
  records: AsyncIterable<string[]>,
  checker: RowChecker,
): AsyncGenerator<StagedRange> {
  let range: StagedRange = { pieces: [], rows: 0 };
  let piece = '';
  let chars = 0;
  let rangeStart = 0;
  const cut = () => {
    if (piece) range.pieces.push(piece);
    const whole = range;
    range = { pieces: [], rows: 0 };
    piece = '';
    chars = 0;
    rangeStart = checker.records;
    return whole;
  };
  for await (const cells of records) {
    const values = checker.check(cells);
    if (values) {
      const line = `${values.map(copyValue).join(',')}\n`;
      piece += line;
      chars += line.length;
      range.rows += 1;
      if (piece.length >= COPY_PIECE_CHARS) {
        range.pieces.push(piece);
        piece = '';
      }
    }
    if (checker.records - rangeStart >= RANGE_RECORDS || chars >= RANGE_CHARS) {
      const whole = cut();
      if (whole.rows > 0) yield whole;
    }
  }
  checker.fileIn = true;
  const last = cut();
  if (last.rows > 0) yield last;
}

/** COPY's CSV: an unquoted empty field is NULL; anything else is quoted when it must be. */
function copyValue(value: string | null): string {
  if (value === null) return '';
  return value === '' || /[",\r\n\\]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
