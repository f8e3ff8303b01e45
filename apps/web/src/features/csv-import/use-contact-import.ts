import { type ImportContactsResult, importCsvQuery, importSummaryMessage } from '@prospector/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { refreshContactData } from '../email-lists/email-list-queries';
import { failedImportReport, fileReportAsRows } from './import-report';
import type { CsvParseResult } from './parse-contacts-csv';
import { SAVING_CUT_OFF, SAVING_CUT_OFF_TITLE, uploadCsvFile } from './upload-csv-file';

export type ImportRun =
  | { status: 'idle' }
  | { status: 'importing'; done: number; total: number; stage: ImportStage }
  | { status: 'done'; result: ImportContactsResult }
  /** The answer broke off after the server had the file: the contacts may or may not be saved. */
  | { status: 'unknown' };

/** Sending the file's bytes, then (the server has them all) settling repeated addresses, then saving. */
export type ImportStage = 'sending' | 'repeats' | 'saving';

export interface ImportChoices {
  updateExistingContacts?: boolean;
  /** Custom fields (keys of the file's other columns) the user switched off. */
  excludedFields?: Iterable<string>;
}

/**
 * Sends the chosen file itself to POST /api/personas/{id}/import-csv, which reads its rows as they arrive
 * and saves them in one transaction. Progress is the file's rows in proportion to the bytes sent; once all
 * are sent, the server's own: repeats settled (the bar stays full), then the rows saved of those left.
 * Ends with the spec's summary, or says it cannot tell when the answer broke off during the saving.
 */
export function useContactImport(personaId: string) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<ImportRun>({ status: 'idle' });

  const start = useCallback(
    async (file: File, parsed: CsvParseResult, choices: ImportChoices = {}) => {
      const total = parsed.rowCount;
      setRun({ status: 'importing', done: 0, total, stage: 'sending' });
      const url = `/api/personas/${personaId}/import-csv${importCsvQuery(choices)}`;
      let stage: ImportStage = 'sending';
      const result = await uploadCsvFile(
        url,
        file,
        (sent, size) => {
          if (stage !== 'sending') return;
          if (sent >= size) stage = 'repeats';
          setRun({
            status: 'importing',
            done: size > 0 ? Math.floor((total * sent) / size) : total,
            total,
            stage,
          });
        },
        (progress) => {
          stage = progress.stage;
          setRun(
            progress.stage === 'saving'
              ? { status: 'importing', done: progress.saved, total: progress.total, stage }
              : { status: 'importing', done: total, total, stage },
          );
        },
      ).then(
        (report) => fileReportAsRows(parsed, report),
        (error: unknown) => failedImportReport(error, total),
      );
      refreshContactData(queryClient);
      if (!result) {
        setRun({ status: 'unknown' });
        toast({ title: SAVING_CUT_OFF_TITLE, description: SAVING_CUT_OFF, variant: 'destructive' });
        return;
      }
      setRun({ status: 'done', result });
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
