import { emptyImportResult } from '@prospector/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, serverMessage } from '../../lib/api';
import {
  newUploadId,
  SAVING_CUT_OFF,
  SavingCutOffError,
  stopUpload,
  UploadStoppedError,
  uploadCsvFile,
} from './upload-csv-file';

/** Stands in for the browser's XMLHttpRequest: records what is sent and lets the test play the events. */
class FakeRequest {
  static last: FakeRequest;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress?: (event: ProgressEvent) => void; onload?: () => void } = {};
  onload?: () => void;
  onprogress?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  /** More of the answer arrives. */
  receive(text: string) {
    this.status = 200;
    this.responseText += text;
    this.onprogress?.();
  }
  /** The browser's abort(): the request ends with its abort event. */
  abort() {
    this.onabort?.();
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('uploadCsvFile', () => {
  it('sends the file as text/csv with the session cookie, reports the bytes sent and resolves with the report', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const file = new Blob(['Email\na@example.com\n']);
    const progress: [number, number][] = [];
    const done = uploadCsvFile('/api/personas/p1/import-csv', file, (sent, total) =>
      progress.push([sent, total]),
    );
    const request = FakeRequest.last;
    expect([request.method, request.url, request.headers['Content-Type']]).toEqual([
      'POST',
      '/api/personas/p1/import-csv',
      'text/csv',
    ]);
    expect(request.withCredentials).toBe(true);
    expect(request.body).toBe(file);
    request.upload.onprogress?.({ loaded: 8, total: file.size, lengthComputable: true } as ProgressEvent);
    request.upload.onload?.();
    const report = { ...emptyImportResult(), inserted: 1 };
    request.answer(200, JSON.stringify(report));
    await expect(done).resolves.toEqual(report);
    expect(progress).toEqual([
      [8, file.size],
      [file.size, file.size],
    ]);
  });

  it("rejects with the server's answer when the import is refused, and when the connection fails", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const refused = uploadCsvFile('/x', new Blob(['x']), () => {});
    FakeRequest.last.answer(413, '{"message":"The CSV file is larger than 1.5 GB"}');
    const error = await refused.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    const cut = uploadCsvFile('/x', new Blob(['x']), () => {});
    FakeRequest.last.onerror?.();
    await expect(cut).rejects.toThrow('The file could not be sent');
  });

  it('stops the upload when its signal is aborted', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const stop = new AbortController();
    const stopped = uploadCsvFile('/x', new Blob(['x']), () => {}, undefined, stop.signal);
    stop.abort();
    await expect(stopped).rejects.toBeInstanceOf(UploadStoppedError);
  });

  it("follows the server's saving line by line, and ends with its report or its error", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const saving: unknown[] = [];
    const done = uploadCsvFile(
      '/x',
      new Blob(['x']),
      () => {},
      (progress) => saving.push(progress),
    );
    const request = FakeRequest.last;
    expect(request.headers.Accept).toBe('application/x-ndjson, application/json');
    request.receive(
      '{"progress":{"stage":"saving","saved":2,"total":4}}\n{"progress":{"stage":"saving","saved":4,',
    );
    expect(saving).toEqual([{ stage: 'saving', saved: 2, total: 4 }]);
    request.receive('"total":4}}\n');
    const report = { ...emptyImportResult(), inserted: 4 };
    request.answer(200, `${request.responseText}${JSON.stringify({ result: report })}\n`);
    await expect(done).resolves.toEqual(report);
    expect(saving).toEqual([
      { stage: 'saving', saved: 2, total: 4 },
      { stage: 'saving', saved: 4, total: 4 },
    ]);

    const failed = uploadCsvFile('/x', new Blob(['x']), () => {});
    FakeRequest.last.answer(
      200,
      '{"progress":{"stage":"saving","saved":0,"total":1}}\n{"error":{"status":500,"message":"Internal server error","code":"INTERNAL"}}\n',
    );
    const error = await failed.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(500);
    expect(serverMessage(error, 'fallback')).toBe('Internal server error');

    const cut = uploadCsvFile('/x', new Blob(['x']), () => {});
    FakeRequest.last.answer(200, '{"progress":{"stage":"saving","saved":0,"total":1}}\n');
    await expect(cut).rejects.toThrow(SavingCutOffError);
    const lost = uploadCsvFile('/x', new Blob(['x']), () => {});
    FakeRequest.last.receive('{"progress":{"stage":"saving","saved":0,"total":1}}\n');
    FakeRequest.last.onerror?.();
    await expect(lost).rejects.toThrow(SAVING_CUT_OFF);
  });

  it("tells the server of the user's stop, and whether it came in time", async () => {
    const answers = [204, 409, 404];
    const fetchMock = vi.fn(async () => new Response(null, { status: answers.shift() ?? 500 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await stopUpload('p1', 'u1')).toBe('stopped');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/personas/p1/import-csv/u1',
      expect.objectContaining({ method: 'DELETE', credentials: 'include' }),
    );
    expect(await stopUpload('p1', 'u1')).toBe('saving');
    expect(await stopUpload('p1', 'u1')).toBe('unknown');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await stopUpload('p1', 'u1')).toBe('unknown');
  });

  it('names an upload with a uuid, also on a page without crypto.randomUUID', () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newUploadId()).toMatch(v4);
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(0xff) });
    expect(newUploadId()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(newUploadId()).toMatch(v4);
  });
});
