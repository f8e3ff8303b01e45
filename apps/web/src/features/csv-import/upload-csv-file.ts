import {
  CSV_IMPORT_PROGRESS_TYPE,
  type CsvImportLine,
  type CsvImportProgress,
  type ImportContactsResult,
} from '@prospector/contracts';
import { ApiError } from '../../lib/api';

/** How far a file upload has got: bytes sent of the file's bytes. */
export type UploadProgress = (sentBytes: number, totalBytes: number) => void;
/** What the server does with the file once it has all of it (settling repeats, saving rows). */
export type SavingProgress = (progress: CsvImportProgress) => void;

/** The answer broke off once the server had the whole file: it may still have saved the contacts. */
export const SAVING_CUT_OFF =
  'The connection was lost while the contacts were being saved: check the list (importing the file again adds each contact once)';

/** Raised when the answer breaks off after the saving began: whether the import was saved is not known. */
export class SavingCutOffError extends Error {
  constructor() {
    super(SAVING_CUT_OFF);
    this.name = 'SavingCutOffError';
  }
}

/**
 * Sends a whole CSV file as the body of POST `url` (text/csv) and resolves with the import's report.
 * XMLHttpRequest rather than fetch: its upload events say how many bytes have left, and the server reads
 * the rows as they arrive. The answer is followed as it comes, a JSON line each (the saving's progress,
 * then the report). A refusal rejects with the ApiError the other API calls raise.
 */
export function uploadCsvFile(
  url: string,
  file: Blob,
  onProgress: UploadProgress,
  onSaving: SavingProgress = () => {},
): Promise<ImportContactsResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const lines = answerLines();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('Content-Type', 'text/csv');
    request.setRequestHeader('Accept', `${CSV_IMPORT_PROGRESS_TYPE}, application/json`);
    request.upload.onprogress = (event) =>
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    request.upload.onload = () => onProgress(file.size, file.size);
    let saving = false;
    request.onprogress = () => {
      for (const line of lines.read(request.responseText)) {
        if (!('progress' in line)) continue;
        saving = true;
        onSaving(line.progress);
      }
    };
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(new ApiError(request.status, request.responseText, request.statusText));
        return;
      }
      const last = lastAnswer(request.responseText);
      if (last && 'result' in last) resolve(last.result);
      else if (last && 'error' in last) {
        const { status, message, code } = last.error;
        reject(new ApiError(status, JSON.stringify({ message, code }), message));
      } else if (last && 'progress' in last) reject(new SavingCutOffError());
      else reject(new ApiError(request.status, request.responseText, 'The answer could not be read'));
    };
    request.onerror = () =>
      reject(
        saving ? new SavingCutOffError() : new Error('The file could not be sent: check your connection'),
      );
    request.onabort = () => reject(new Error('The upload was stopped'));
    request.send(file);
  });
}

/** Reads the complete lines of an answer that grows, each once. */
function answerLines() {
  let offset = 0;
  return {
    *read(text: string): Generator<CsvImportLine> {
      for (let end = text.indexOf('\n', offset); end >= 0; end = text.indexOf('\n', offset)) {
        const line = parseLine(text.slice(offset, end));
        offset = end + 1;
        if (line) yield line;
      }
    },
  };
}

/** The report or the error that ends the answer; a server that answers one JSON object gives the report. */
function lastAnswer(text: string): CsvImportLine | null {
  const lines = text.trim().split('\n');
  const last = parseLine(lines[lines.length - 1] ?? '');
  if (!last || 'progress' in last || 'result' in last || 'error' in last) return last;
  return { result: last as ImportContactsResult };
}

function parseLine(text: string): CsvImportLine | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as CsvImportLine) : null;
  } catch {
    return null;
  }
}
