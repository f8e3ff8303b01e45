import { type ImportContactsResult, importSummaryMessage } from '@prospector/contracts';
import { knownAddedText, rowsNotImported } from './import-report';
import type { CsvParseResult } from './parse-contacts-csv';
import { RejectedRows } from './rejected-rows';

/**
 * The import's end: the spec's sentence, then which rows were not imported and why (with their download)
 * and which known addresses joined this list.
 */
export function ImportSummary({
  fileName,
  parsed,
  result,
}: {
  fileName: string;
  parsed: CsvParseResult | null;
  result: ImportContactsResult;
}) {
  const known = knownAddedText(result.knownAdded);
  return (
    <div className="grid min-w-0 gap-3">
      <p role="status" className="rounded-md border bg-muted/40 p-4 font-medium text-sm">
        {importSummaryMessage(result)}
      </p>
      {known && (
        <p className="break-words text-sm" data-testid="known-added">
          {known}.
        </p>
      )}
      {parsed && (
        <RejectedRows
          fileName={fileName}
          headers={parsed.headers}
          rejected={rowsNotImported(parsed, result)}
          moment="summary"
        />
      )}
    </div>
  );
}
