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
import { mergeRanges, tell } from './merge-ranges';
import {
  COPY_INTO_STAGING,
  CREATE_STAGING,
  FIND_REPEATS,
  REMOVE_REPEATS,
  REPEATS_LISTED,
} from './staging-sql';

/** Refused rows a file import names; the counts cover them all (the browser keeps as many). */
export const REFUSED_ROWS_LISTED = 10_000;
/** COPY input is handed over in pieces of about this many characters. */
const COPY_PIECE_CHARS = 64 * 1024;

/**
 * POST /api/personas/{id}/import-csv: a whole CSV file, streamed. Rows are read, checked and written to a
 * staging table as the bytes arrive, so memory stays flat whatever the file's size; repeats inside the
 * file and addresses the user already has are then settled in SQL. The report is the batched import's
 * (decision 030), with each refused row's place among the file's records after the header, from 0.
 * All in one transaction: an import that fails or is cut off leaves nothing, and running it again adds
 * each contact once. `onProgress` hears what happens after the last byte, which for millions of rows is
 * most of the time.
 */
export async function importContactsCsv(
  deps: CoreDeps,
  userId: string,
  personaId: string,
  file: AsyncIterable<Uint8Array | string>,
  options: {
    updateExistingContacts?: boolean;
    /** Custom fields (keys of the file's other columns) the user left out. */
    excludedFields?: readonly string[];
    /** Applied to the file's text before parsing (the server removes forbidden characters). */
    cleanText?: (text: string) => string;
    onProgress?: (progress: CsvImportProgress) => void;
  } = {},
): Promise<ImportContactsResult> {
  await findPersona(deps.db, userId, personaId);
  const now = deps.clock.now();
  return withCopySession(deps.db, async (session) => {
    const persona = await findPersona(session.db, userId, personaId);
    const checker = createRowChecker(new Set(options.excludedFields));
    await session.query(CREATE_STAGING);
    await session.copyFrom(COPY_INTO_STAGING, stagingCsv(csvRecords(file, options.cleanText), checker));
    await tell(options.onProgress, { stage: 'repeats' });
    await session.query(FIND_REPEATS);
    await session.query(REMOVE_REPEATS);
    const repeatedRows = (await session.query(REPEATS_LISTED, [REFUSED_ROWS_LISTED])).map((r) => ({
      row: Number(r.ord),
      reason: REPEATED_EMAIL,
    }));
    const merged = await mergeRanges(session, options, [
      userId,
      persona.id,
      persona.industry,
      now.toISOString(),
    ]);
    const inserted = merged.inserted;
    // Repeats were accepted row by row and removed in SQL: they are among the rows not inserted.
    const skipped = checker.accepted - inserted;
    await recordImportCompleted(session.db, {
      userId,
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
  const state = { accepted: 0, failed: 0, refused };
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

/** The accepted rows as COPY CSV text, in pieces. */
async function* stagingCsv(records: AsyncIterable<string[]>, checker: RowChecker): AsyncGenerator<string> {
  let piece = '';
  for await (const cells of records) {
    const values = checker.check(cells);
    if (!values) continue;
    piece += `${values.map(copyValue).join(',')}\n`;
    if (piece.length >= COPY_PIECE_CHARS) {
      yield piece;
      piece = '';
    }
  }
  if (piece) yield piece;
}

/** COPY's CSV: an unquoted empty field is NULL; anything else is quoted when it must be. */
function copyValue(value: string | null): string {
  if (value === null) return '';
  return value === '' || /[",\r\n\\]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
