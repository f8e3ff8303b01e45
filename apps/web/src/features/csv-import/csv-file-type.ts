/**
 * Spec section 5: a CSV upload must be text/csv, else the toast 'Invalid file' / 'Please select a valid CSV
 * file'. Browsers do not agree on what type a .csv file is: Chrome and Firefox on Windows report
 * application/vnd.ms-excel whenever Excel is installed (the registry maps .csv to Excel), some systems
 * report text/x-csv, application/csv or text/comma-separated-values, and a file from a system without a
 * MIME mapping has an empty type. text/csv is always taken; the other CSV variants, and an empty type,
 * only when the file name ends in .csv, so a real spreadsheet (.xls/.xlsx) or any other file is refused.
 */
const CSV_TYPE = 'text/csv';
const CSV_VARIANTS = new Set([
  'application/csv',
  'application/x-csv',
  'text/x-csv',
  'text/comma-separated-values',
  'text/x-comma-separated-values',
  'application/vnd.ms-excel',
  'text/plain',
  '',
]);

export const INVALID_FILE_TITLE = 'Invalid file';
export const INVALID_FILE_MESSAGE = 'Please select a valid CSV file';

export function isCsvFile(file: { name: string; type: string }): boolean {
  const type = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === CSV_TYPE) return true;
  return CSV_VARIANTS.has(type) && /\.csv$/i.test(file.name.trim());
}
