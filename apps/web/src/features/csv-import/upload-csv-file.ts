import {
  CSV_IMPORT_PROGRESS_TYPE,
  type CsvImportLine,
  type CsvImportProgress,
  type ImportContactsResult,
} from '@prospector/contracts';
import { ApiError, apiRequest, errorStatus } from '../../lib/api';

/** How far a file upload has got: bytes sent of the file's bytes. */
export type UploadProgress = (sentBytes: number, totalBytes: number) => void;
/** How far the server's saving has got once it has the whole file. */
export type SavingProgress = (progress: CsvImportProgress) => void;

/** The answer broke off once the server had the whole file: it may still have saved the contacts. */
export const SAVING_CUT_OFF_TITLE = 'Import not confirmed';
export const SAVING_CUT_OFF =
  'The connection was lost while the contacts were being saved: check the list (importing the file again adds each contact once)';

/** Raised when the user stops the upload before the server has the whole file: nothing is saved. */
export class UploadStoppedError extends Error {
  constructor() {
    super('The upload was stopped');
    this.name = 'UploadStoppedError';
  }
}

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
 * then the report). A refusal rejects with the ApiError the other API calls raise. `signal` stops the
 * upload (the server, cut off before the file's end, saves nothing).
 */
export function uploadCsvFile(
  url: string,
  file: Blob,
  onProgress: UploadProgress,
  onSaving: SavingProgress = () => {},
  signal?: AbortSignal,
): Promise<ImportContactsResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const lines = answerLines();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('Content-Type', 'text/csv');
    request.setRequestHeader('Accept', `${CSV_IMPORT_PROGRESS_TYPE}, application/json`);
    request.upload.onprogress = (event) =>
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    request.upload.onload = () => onProgress(file.size, file.size);
    let saving = false;
    let last: CsvImportLine | null = null;
    const read = (final: boolean) => {
      for (const line of lines.read(request.responseText, final)) {
        if (!('progress' in line)) last = line;
        else {
          saving = true;
          onSaving(line.progress);
        }
      }
    };
    request.onprogress = () => read(false);
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(new ApiError(request.status, request.responseText, request.statusText));
        return;
      }
      read(true);
      if (last && 'result' in last) resolve(last.result);
      else if (last && 'error' in last) {
        const { status, message, code } = last.error;
        reject(new ApiError(status, JSON.stringify({ message, code }), message));
      } else if (saving) reject(new SavingCutOffError());
      else reject(new ApiError(request.status, request.responseText, 'The answer could not be read'));
    };
    request.onerror = () =>
      reject(
        saving ? new SavingCutOffError() : new Error('The file could not be sent: check your connection'),
      );
    request.onabort = () => reject(new UploadStoppedError());
    request.send(file);
  });
}

/** A uuid (v4) naming an upload, also where `crypto.randomUUID` is missing (a page not served over https). */
export function newUploadId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Asks the server to stop the upload `uploadId` of the list: 'stopped' when it will save nothing, 'saving'
 * when it is too late, 'unknown' when it could not tell (another server process runs it, or the request
 * failed): cutting the upload off then stops it, later.
 */
export async function stopUpload(
  personaId: string,
  uploadId: string,
): Promise<'stopped' | 'saving' | 'unknown'> {
  try {
    await apiRequest('DELETE', `/api/personas/${personaId}/import-csv/${uploadId}`);
    return 'stopped';
  } catch (error) {
    return errorStatus(error) === 409 ? 'saving' : 'unknown';
  }
}

/**
 * Reads the lines of an answer that grows, each once; `final` reads the last one without its newline too.
 * A server that answers one JSON object (not lines) gives the report.
 */
function answerLines() {
  let offset = 0;
  const answerOf = (text: string): CsvImportLine | null => {
    const line = parseLine(text);
    if (!line) return null;
    return isAnswerLine(line) ? (line as CsvImportLine) : { result: line as ImportContactsResult };
  };
  return {
    *read(text: string, final: boolean): Generator<CsvImportLine> {
      for (let end = text.indexOf('\n', offset); end >= 0; end = text.indexOf('\n', offset)) {
        const line = answerOf(text.slice(offset, end));
        offset = end + 1;
        if (line) yield line;
      }
      if (!final || offset >= text.length) return;
      const last = answerOf(text.slice(offset));
      offset = text.length;
      if (last) yield last;
    },
  };
}

function parseLine(text: string): object | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

const isAnswerLine = (line: object) => 'progress' in line || 'result' in line || 'error' in line;
