import type { EmailSendRow } from '@prospector/contracts';

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

/** A value holding a comma, quote or newline is quoted, with its quotes doubled. */
export function csvValue(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One line per email; an email that has not gone out has an empty Sent At. */
export function emailsCsv(rows: EmailSendRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) {
    lines.push(
      [
        row.contactName,
        row.contactEmail,
        row.subject,
        row.sequenceName,
        row.status,
        row.sentAt ?? '',
        row.variantLabel ?? '',
      ]
        .map(csvValue)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** emails-{timestamp}.csv, the timestamp being milliseconds since the epoch. */
export function emailsCsvFilename(now = new Date()): string {
  return `emails-${now.getTime()}.csv`;
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
