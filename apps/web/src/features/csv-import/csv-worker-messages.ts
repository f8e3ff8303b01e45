import type { CsvParseResult } from './parse-contacts-csv';

/** What the CSV worker tells the page. */
export type CsvWorkerMessage =
  | { type: 'progress'; bytes: number; totalBytes: number }
  | { type: 'done'; result: CsvParseResult }
  | { type: 'error'; message: string };
