import {
  IMPORT_BEING_SAVED,
  type ImportContactsResult,
  importCsvQuery,
  importSummaryMessage,
} from '@prospector/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { refreshContactData } from '../email-lists/email-list-queries';
import { failedImportReport, fileReportAsRows } from './import-report';
import type { CsvParseResult } from './parse-contacts-csv';
import {
  newUploadId,
  SAVING_CUT_OFF,
  SAVING_CUT_OFF_TITLE,
  stopUpload,
  UploadStoppedError,
  uploadCsvFile,
} from './upload-csv-file';

export const IMPORT_STOPPED_TITLE = 'Import stopped';
export const IMPORT_STOPPED = 'Nothing from this file was saved. Import it again whenever you like.';

export type ImportRun =
  | { status: 'idle' }
  | { status: 'importing'; done: number; total: number; stage: ImportStage }
  | { status: 'done'; result: ImportContactsResult }
  /** The answer broke off after the server had the file: the contacts may or may not be saved. */
  | { status: 'unknown' };

/** Sending the file's bytes (the server saves as they arrive), then the saving of the last rows. */
export type ImportStage = 'sending' | 'saving';

export interface ImportChoices {
  updateExistingContacts?: boolean;
  /** Custom fields (keys of the file's other columns) the user switched off. */
  excludedFields?: Iterable<string>;
}

/**
 * Sends the chosen file itself to POST /api/personas/{id}/import-csv, which reads its rows as they arrive
 * and saves them in one transaction. Progress is the file's rows in proportion to the bytes sent; once all
 * are sent, the server's own: the rows saved of the rows it accepted.
 * Ends with the spec's summary, or says it cannot tell when the answer broke off during the saving.
 */
export function useContactImport(personaId: string) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<ImportRun>({ status: 'idle' });
  const upload = useRef<{ uploadId: string; controller: AbortController } | null>(null);

  const start = useCallback(
    async (file: File, parsed: CsvParseResult, choices: ImportChoices = {}) => {
      const total = parsed.rowCount;
      setRun({ status: 'importing', done: 0, total, stage: 'sending' });
      const uploadId = newUploadId();
      const url = `/api/personas/${personaId}/import-csv${importCsvQuery({ ...choices, uploadId })}`;
      let stage: ImportStage = 'sending';
      const controller = new AbortController();
      upload.current = { uploadId, controller };
      const result = await uploadCsvFile(
        url,
        file,
        (sent, size) => {
          if (stage !== 'sending') return;
          if (sent >= size) stage = 'saving';
          setRun({
            status: 'importing',
            done: size > 0 ? Math.floor((total * sent) / size) : total,
            total,
            stage,
          });
        },
        (progress) => {
          stage = progress.stage;
          setRun({ status: 'importing', done: progress.saved, total: progress.total, stage });
        },
        controller.signal,
      ).then(
        (report) => fileReportAsRows(parsed, report),
        (error: unknown) => (error instanceof UploadStoppedError ? error : failedImportReport(error, total)),
      );
      upload.current = null;
      refreshContactData(queryClient);
      if (result instanceof UploadStoppedError) {
        setRun({ status: 'idle' });
        toast({ title: IMPORT_STOPPED_TITLE, description: IMPORT_STOPPED });
        return;
      }
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
  /**
   * Stops the import while the file is being sent: the server is told at once, then the upload is cut off;
   * nothing is saved. Once the server is saving the whole file it is too late, and the report follows.
   */
  const stop = useCallback(async () => {
    const current = upload.current;
    if (!current) return;
    if ((await stopUpload(personaId, current.uploadId)) === 'saving') {
      toast({ title: IMPORT_BEING_SAVED });
      return;
    }
    current.controller.abort();
  }, [personaId]);
  return { run, start, reset, stop };
}
