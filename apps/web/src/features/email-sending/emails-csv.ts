import type { EmailSendRow } from '@prospector/contracts';
import { toCsv } from '../../lib/csv-file';

/** Spec section 9: the CSV export's columns, in order, then the A/B variant of the email (empty without one). */
export const CSV_COLUMNS = [
  'Recipient Name',
  'Email',
  'Subject',
  'Sequence',
  'Status',
  'Sent At',
  'Variant',
] as const;

/** One line per email; an email that has not gone out has an empty Sent At. */
export function emailsCsv(rows: EmailSendRow[]): string {
  return toCsv(
    CSV_COLUMNS,
    rows.map((row) => [
      row.contactName,
      row.contactEmail,
      row.subject,
      row.sequenceName,
      row.status,
      row.sentAt,
      row.variantLabel,
    ]),
  );
}

/** emails-{timestamp}.csv, the timestamp being milliseconds since the epoch. */
export function emailsCsvFilename(now = new Date()): string {
  return `emails-${now.getTime()}.csv`;
}
