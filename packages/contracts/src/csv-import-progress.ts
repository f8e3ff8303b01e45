import type { ImportContactsResult } from './contact-csv';

/**
 * How far the server has got once a file's last byte has arrived: it saves the rows a range at a time
 * while the file arrives, and tells, then after each range left, how many of the file's accepted rows
 * (`total`, repeated addresses included) are settled (`saved`).
 */
export type CsvImportProgress = { stage: 'saving'; saved: number; total: number };

/**
 * The media type a client accepts to follow a file import to its end: one JSON object a line, the progress
 * first and then the report, or the error that stopped the import (all or nothing: then nothing is saved).
 * Errors found while the file arrives keep their own status; once the answer has begun it is a 200.
 */
export const CSV_IMPORT_PROGRESS_TYPE = 'application/x-ndjson';

export type CsvImportLine =
  | { progress: CsvImportProgress }
  | { result: ImportContactsResult }
  | { error: { status: number; message: string; code: string } };
