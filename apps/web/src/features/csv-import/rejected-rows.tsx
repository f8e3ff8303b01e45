import { INVALID_EMAIL } from '@prospector/contracts';
import { DownloadIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { downloadCsv } from '@/lib/csv-file';
import { NO_EMAIL, type RejectedRow } from './parse-contacts-csv';
import { lineList, rejectedRowsCsv } from './rejected-rows-csv';

const describe = (reason: string) =>
  reason === NO_EMAIL
    ? 'without an email address'
    : reason === INVALID_EMAIL
      ? 'with an invalid email address'
      : `that will fail: ${reason}`;

const count = (n: number, what: string) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'} ${what}`;

/**
 * Under the import preview: which rows will not be imported and why, each kind with its line numbers,
 * and the download of those rows as a CSV to fix and import again.
 */
export function RejectedRows({
  fileName,
  headers,
  rejected,
}: {
  fileName: string;
  headers: string[];
  rejected: RejectedRow[];
}) {
  if (rejected.length === 0) return null;
  const byReason = new Map<string, number[]>();
  for (const row of rejected) byReason.set(row.reason, [...(byReason.get(row.reason) ?? []), row.line]);
  return (
    <div className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:bg-amber-950/30">
      <ul className="grid gap-1">
        {[...byReason].map(([reason, lines]) => (
          <li key={reason}>
            {count(lines.length, describe(reason))}: {lineList(lines)}
          </li>
        ))}
      </ul>
      <Button
        type="button"
        size="sm"
        variant="outline"
        className="justify-self-start"
        onClick={() =>
          downloadCsv(rejectedRowsCsv(headers, rejected), `rejected-${fileName.replace(/\.csv$/i, '')}.csv`)
        }
      >
        <DownloadIcon aria-hidden /> Download rejected rows (CSV)
      </Button>
    </div>
  );
}
