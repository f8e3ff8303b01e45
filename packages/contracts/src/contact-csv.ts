import { z } from 'zod';
import { INVALID_EMAIL, optionalText } from './contacts';
import { customFieldsSchema } from './custom-fields';
import { optionalTimezone } from './time-zones';

/**
 * The one CSV mapping for contact imports, used by the browser (to map and preview a file) and the server
 * (to validate each row it is sent). Spec section 5 names the headers: Email, First Name, Last Name, Name,
 * Title, Organization, City, State, Country, LinkedIn URL, Headline, Apollo ID. They are matched without
 * regard to case, spacing or punctuation, together with the names common exports use (Apollo, HubSpot,
 * LinkedIn, Google and Outlook contacts, spreadsheets).
 */
export const CSV_CONTACT_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'name',
  'title',
  'organizationName',
  'city',
  'state',
  'country',
  'linkedinUrl',
  'headline',
  'apolloId',
  'industry',
  'timezone',
] as const;
export type CsvContactField = (typeof CSV_CONTACT_FIELDS)[number];

/** Header names per field, written as people write them; compared after normalizeHeader. */
const HEADER_NAMES: Record<CsvContactField, string[]> = {
  email: [
    'Email',
    'Email Address',
    'E-mail',
    'E-mail Address',
    'Work Email',
    'Business Email',
    'Mail',
    'Primary Email',
    'Email 1',
    'Contact Email',
    'Person Email',
    'E-mail 1 - Value',
  ],
  firstName: ['First Name', 'Firstname', 'Given Name', 'First', 'Forename'],
  lastName: ['Last Name', 'Lastname', 'Surname', 'Family Name', 'Last'],
  name: ['Name', 'Full Name', 'Contact Name', 'Person Name', 'Display Name'],
  title: ['Title', 'Job Title', 'Position', 'Role', 'Job Position', 'Person Title', 'Designation'],
  organizationName: [
    'Organization',
    'Organisation',
    'Organization Name',
    'Organisation Name',
    'Company',
    'Company Name',
    'Company Name for Emails',
    'Account Name',
    'Employer',
    'Organization 1 - Name',
  ],
  city: ['City', 'Person City', 'Town'],
  state: ['State', 'Person State', 'Province', 'Region', 'State/Province'],
  country: ['Country', 'Person Country', 'Country/Region'],
  linkedinUrl: [
    'LinkedIn URL',
    'LinkedIn',
    'LinkedIn Profile',
    'LinkedIn Profile URL',
    'Person Linkedin Url',
    'Linkedin Url',
    'Profile URL',
    'LinkedIn Link',
  ],
  headline: ['Headline', 'Person Headline', 'Bio', 'Summary'],
  apolloId: ['Apollo ID', 'Apollo Contact Id', 'Apollo Person Id'],
  industry: ['Industry', 'Company Industry', 'Organization Industry'],
  timezone: ['Time Zone', 'Timezone', 'TZ', 'Person Time Zone'],
};

/** Lower case, without a byte-order mark, spaces, underscores, dashes or other punctuation. */
export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const FIELD_BY_HEADER = new Map<string, CsvContactField>(
  CSV_CONTACT_FIELDS.flatMap((field) => HEADER_NAMES[field].map((h) => [normalizeHeader(h), field] as const)),
);

/** The field a header feeds, or null when the column is not imported. */
export function fieldForHeader(header: string): CsvContactField | null {
  return FIELD_BY_HEADER.get(normalizeHeader(header)) ?? null;
}

/** For each field, the columns that feed it, in file order (the first non-empty value wins). */
export type CsvHeaderMapping = Partial<Record<CsvContactField, number[]>>;

export function mapCsvHeaders(headers: readonly string[]): CsvHeaderMapping {
  const mapping: CsvHeaderMapping = {};
  headers.forEach((header, index) => {
    const field = fieldForHeader(header);
    if (!field) return;
    const columns = mapping[field] ?? [];
    columns.push(index);
    mapping[field] = columns;
  });
  return mapping;
}

/** A row ready to send: the recognised fields that have a value. */
export type CsvContactRow = { email: string } & Partial<Record<Exclude<CsvContactField, 'email'>, string>> & {
    /** The values of the file's other columns (customColumnsOf), by key. */
    customFields?: Record<string, string>;
  };

/**
 * Maps one parsed line to a contact row. Returns null when the row has no email containing '@' (spec:
 * such rows are skipped). Values are trimmed; empty values are left out.
 */
export function csvRowToContact(cells: readonly string[], mapping: CsvHeaderMapping): CsvContactRow | null {
  const row: Partial<Record<CsvContactField, string>> = {};
  for (const field of CSV_CONTACT_FIELDS) {
    for (const index of mapping[field] ?? []) {
      const value = cells[index]?.trim();
      if (value) {
        row[field] = value;
        break;
      }
    }
  }
  if (!row.email?.includes('@')) return null;
  return row as CsvContactRow;
}

/** The server's check of each imported row; a row that fails it is counted as failed, not the batch. */
export const csvImportRowSchema = z.object({
  email: z.string().trim().max(254, 'Email is too long').email(INVALID_EMAIL),
  firstName: optionalText('First name', 200),
  lastName: optionalText('Last name', 200),
  name: optionalText('Name', 400),
  title: optionalText('Title'),
  organizationName: optionalText('Organization'),
  headline: optionalText('Headline', 1000),
  city: optionalText('City', 200),
  state: optionalText('State', 200),
  country: optionalText('Country', 200),
  linkedinUrl: optionalText('LinkedIn URL', 1000),
  apolloId: optionalText('Apollo ID', 200),
  industry: optionalText('Industry', 200),
  customFields: customFieldsSchema.optional(),
  timezone: optionalTimezone,
});
export type CsvImportRow = z.output<typeof csvImportRowSchema>;

/** Most rows one import request may carry; the browser also keeps each request under MAX_BATCH_BYTES. */
export const MAX_IMPORT_BATCH_ROWS = 5000;
export const IMPORT_BATCH_ROWS = 2000;
/** The API's body limit is 1 MiB; batches stay well below it whatever the rows hold. */
export const MAX_IMPORT_BATCH_BYTES = 800 * 1024;

/** POST /api/personas/{id}/import-contacts: rows are checked one by one in core. */
export const importContactsSchema = z.object({
  rows: z
    .array(z.unknown(), { error: 'Rows are required' })
    .min(1, 'No rows to import')
    .max(MAX_IMPORT_BATCH_ROWS, `At most ${MAX_IMPORT_BATCH_ROWS} rows per request`),
  /** Known addresses get the rows' custom fields (only when the user asks: "Update existing contacts"). */
  updateExistingContacts: z.boolean({ error: 'updateExistingContacts must be true or false' }).optional(),
});

/** A whole CSV file sent to POST /api/personas/{id}/import-csv (streamed; imports of a purchased list). */
export const MAX_CSV_FILE_BYTES = 1536 * 1024 * 1024;
export const CSV_FILE_TOO_LARGE = 'The CSV file is larger than 1.5 GB';

/**
 * POST /api/personas/{id}/import-csv's query: the file is the body (text/csv). `excludedFields` names, comma
 * separated, the custom fields (keys of the file's other columns, customColumnsOf) left out of the import.
 * `uploadId`, a uuid the client makes, names the import for DELETE /api/personas/{id}/import-csv/{uploadId}
 * (the user's stop).
 */
export const importCsvQuerySchema = z.object({
  updateExistingContacts: z
    .enum(['true', 'false'], { error: 'updateExistingContacts must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
  excludedFields: z
    .string({ error: 'excludedFields must be custom field keys separated by commas' })
    .max(4000, 'excludedFields is too long')
    .regex(/^[a-z0-9_]*(,[a-z0-9_]+)*$/, 'excludedFields must be custom field keys separated by commas')
    .optional()
    .transform((value) => (value ? value.split(',').filter(Boolean) : [])),
  uploadId: z.uuid({ error: 'uploadId must be a uuid' }).optional(),
});

/** The user's stop reached an import that is already being saved: it will be saved. */
export const IMPORT_BEING_SAVED = 'Too late to stop: the contacts are being saved';
/** The stop names no import of this list running on this server (it has ended, or never began here). */
export const IMPORT_NOT_RUNNING = 'No import with this uploadId is running';

/** The query string of a file import with these choices (the browser's side of importCsvQuerySchema). */
export function importCsvQuery(options: {
  updateExistingContacts?: boolean;
  excludedFields?: Iterable<string>;
  uploadId?: string;
}) {
  const query = new URLSearchParams();
  if (options.uploadId) query.set('uploadId', options.uploadId);
  if (options.updateExistingContacts) query.set('updateExistingContacts', 'true');
  const excluded = [...(options.excludedFields ?? [])];
  if (excluded.length > 0) query.set('excludedFields', excluded.join(','));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** A row the import did not take: its place among the rows sent (from 0) and why. */
export interface RefusedImportRow {
  row: number;
  reason: string;
}

/** Addresses the user already had that an import added to the list: how many, and the first ones. */
export interface KnownEmailsAdded {
  count: number;
  emails: string[];
}

export interface ImportContactsResult {
  /** New contacts created (and linked to the list). */
  inserted: number;
  /** Rows whose email the user already has, or that repeat an earlier row: not created again. */
  skipped: number;
  /** Rows the server could not accept (an invalid email, a value too long). */
  failed: number;
  /** The rows that failed or repeat an earlier row of the same request, with why. */
  refused: RefusedImportRow[];
  /** Already known contacts that were not in the list and now are. */
  knownAdded: KnownEmailsAdded;
}

/** Why a CSV line was not imported when it has no value in the email column. */
export const NO_EMAIL = 'No email address';
/** Why a row was not imported when an earlier row has its address (in any case). */
export const REPEATED_EMAIL = 'Repeats the email address of an earlier row';
/** Why the rows of a request that did not get through were not imported. */
export const BATCH_NOT_SAVED = 'Not saved: the request failed, import the file again';
/** Known addresses an import names in its summary; the count says how many there were in all. */
export const KNOWN_EMAILS_SHOWN = 10;

/** An import's outcome before anything is counted. */
export const emptyImportResult = (): ImportContactsResult => ({
  inserted: 0,
  skipped: 0,
  failed: 0,
  refused: [],
  knownAdded: { count: 0, emails: [] },
});

/** UTF-8 length of a string, without allocating. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** Splits rows into request batches of at most `maxRows` rows and about `maxBytes` of JSON each. */
export function importBatches<T>(
  rows: readonly T[],
  maxRows = IMPORT_BATCH_ROWS,
  maxBytes = MAX_IMPORT_BATCH_BYTES,
): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = utf8Length(JSON.stringify(row)) + 1;
    if (batch.length > 0 && (batch.length >= maxRows || bytes + size > maxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(row);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** Batches in flight at once: the server validates one while PostgreSQL writes the other. */
export const IMPORT_CONCURRENCY = 2;

/**
 * Sends rows in batches (importBatches), IMPORT_CONCURRENCY at a time, and adds up the answers. A batch that
 * fails (network, server) counts all its rows as failed and the others go on: what was saved stays saved,
 * and running the same file again skips it. `onProgress` gets the rows handled so far after each batch.
 * The way an API caller sends rows to POST /api/personas/{id}/import-contacts; bench/import.mjs measures it
 * beside the file upload the web app uses (decision 037).
 */
export async function uploadInBatches<T>(
  rows: readonly T[],
  send: (batch: T[]) => Promise<ImportContactsResult>,
  onProgress?: (done: number, total: number, totals: ImportContactsResult) => void,
  concurrency = IMPORT_CONCURRENCY,
): Promise<ImportContactsResult> {
  const batches = importBatches(rows);
  const offsets = batches.map((_, i) => batches.slice(0, i).reduce((sum, b) => sum + b.length, 0));
  const totals = emptyImportResult();
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < batches.length) {
      const index = next++;
      const batch = batches[index] as T[];
      const offset = offsets[index] ?? 0;
      try {
        addBatchResult(totals, await send(batch), offset);
      } catch {
        totals.failed += batch.length;
        totals.refused.push(...batch.map((_, row) => ({ row: offset + row, reason: BATCH_NOT_SAVED })));
      }
      done += batch.length;
      onProgress?.(done, rows.length, { ...totals });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));
  totals.refused.sort((a, b) => a.row - b.row);
  return totals;
}

/** Adds one batch's answer to the totals; its rows' places count from the batch's first row in the file. */
function addBatchResult(totals: ImportContactsResult, result: ImportContactsResult, offset: number) {
  totals.inserted += result.inserted;
  totals.skipped += result.skipped;
  totals.failed += result.failed;
  totals.refused.push(...(result.refused ?? []).map(({ row, reason }) => ({ row: offset + row, reason })));
  const known = result.knownAdded ?? { count: 0, emails: [] };
  totals.knownAdded.count += known.count;
  const room = KNOWN_EMAILS_SHOWN - totals.knownAdded.emails.length;
  if (room > 0) totals.knownAdded.emails.push(...known.emails.slice(0, room));
}

/** Spec section 8: the import's closing summary. */
export function importSummaryMessage(
  result: Pick<ImportContactsResult, 'inserted' | 'skipped' | 'failed'>,
): string {
  return `Successfully imported ${result.inserted} contacts, ${result.skipped} skipped (duplicate emails), ${result.failed} failed`;
}

/** Spec section 9: the import dialog previews the first 5 rows. */
export const CSV_PREVIEW_ROWS = 5;
