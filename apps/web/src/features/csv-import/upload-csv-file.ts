import type { ImportContactsResult } from '@prospector/contracts';
import { ApiError } from '../../lib/api';

/** How far a file upload has got: bytes sent of the file's bytes. */
export type UploadProgress = (sentBytes: number, totalBytes: number) => void;

/**
 * Sends a whole CSV file as the body of POST `url` (text/csv) and resolves with the import's report.
 * XMLHttpRequest rather than fetch: its upload events say how many bytes have left, and the server reads
 * the rows as they arrive. A refusal rejects with the ApiError the other API calls raise.
 */
export function uploadCsvFile(
  url: string,
  file: Blob,
  onProgress: UploadProgress,
): Promise<ImportContactsResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('Content-Type', 'text/csv');
    request.upload.onprogress = (event) =>
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    request.upload.onload = () => onProgress(file.size, file.size);
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(JSON.parse(request.responseText) as ImportContactsResult);
        } catch {
          reject(new ApiError(request.status, request.responseText, 'The answer could not be read'));
        }
      } else reject(new ApiError(request.status, request.responseText, request.statusText));
    };
    request.onerror = () => reject(new Error('The file could not be sent: check your connection'));
    request.onabort = () => reject(new Error('The upload was stopped'));
    request.send(file);
  });
}
