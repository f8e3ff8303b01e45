import { DownloadIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { downloadCsv } from '@/lib/csv-file';
import { notImportedCount, type RejectedRowsMoment, rejectedRowsLines } from './import-report';
import type { RejectedRow } from './parse-contacts-csv';
import { rejectedRowsCsv } from './rejected-rows-csv';

/**
 * Which rows are not imported and why, each kind with its line numbers, and the download of those rows as
 * a CSV to fix and import again: under the preview, and again in the summary with the server's word.
 */
export function RejectedRows({
  fileName,
  headers,
  rejected,
  moment = 'preview',
}: {
  fileName: string;
  headers: string[];
  rejected: RejectedRow[];
  moment?: RejectedRowsMoment;
}) {
  if (rejected.length === 0) return null;
  return (
    <div className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:bg-amber-950/30">
      <p className="font-medium">{notImportedCount(rejected.length, moment)}</p>
      <ul className="grid gap-1" aria-label="Rows not imported">
        {rejectedRowsLines(rejected, moment).map((line) => (
          <li key={line}>{line}</li>
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
