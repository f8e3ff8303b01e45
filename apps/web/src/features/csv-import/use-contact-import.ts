import {
  type CsvContactRow,
  type ImportContactsResult,
  importSummaryMessage,
  uploadInBatches,
} from '@prospector/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { apiJson } from '@/lib/api';
import { refreshContactData } from '../email-lists/email-list-queries';

export type ImportRun =
  | { status: 'idle' }
  | { status: 'importing'; done: number; total: number }
  | { status: 'done'; result: ImportContactsResult };

/**
 * Sends the parsed rows to POST /api/personas/{id}/import-contacts in batches (the shared uploadInBatches:
 * 2,000 rows a request, two in flight) with live progress, and ends with the spec's summary.
 */
export function useContactImport(personaId: string) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<ImportRun>({ status: 'idle' });

  const start = useCallback(
    async (rows: CsvContactRow[], options: { updateExistingContacts?: boolean } = {}) => {
      setRun({ status: 'importing', done: 0, total: rows.length });
      const result = await uploadInBatches(
        rows,
        (batch) =>
          apiJson<ImportContactsResult>('POST', `/api/personas/${personaId}/import-contacts`, {
            rows: batch,
            ...(options.updateExistingContacts && { updateExistingContacts: true }),
          }),
        (done, total) => setRun({ status: 'importing', done, total }),
      );
      setRun({ status: 'done', result });
      refreshContactData(queryClient);
      toast({
        title: importSummaryMessage(result),
        variant: result.failed > 0 && result.inserted === 0 ? 'destructive' : 'default',
      });
    },
    [personaId, queryClient],
  );

  const reset = useCallback(() => setRun({ status: 'idle' }), []);
  return { run, start, reset };
}
