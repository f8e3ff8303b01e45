// Parses a chosen CSV file off the main thread, so a 100,000-row file never freezes the page. This is our
// own module worker (served from the app's origin) running Papa Parse, rather than Papa Parse's
// `worker: true`, which starts its worker from a blob: URL that the app's Content-Security-Policy
// (script-src 'self') rightly refuses.
import Papa from 'papaparse';
import type { CsvWorkerMessage } from './csv-worker-messages';
import { createCsvCollector, papaConfig } from './parse-contacts-csv';

// The app compiles against the DOM library; inside a dedicated worker `self` is the worker's scope.
const scope = self as unknown as {
  postMessage(message: CsvWorkerMessage): void;
  onmessage: ((event: MessageEvent<File>) => void) | null;
};
const post = (message: CsvWorkerMessage) => scope.postMessage(message);

scope.onmessage = async (event) => {
  const file = event.data;
  const collector = createCsvCollector();
  const head = await file.slice(0, 16).text();
  Papa.parse<string[]>(file, {
    ...papaConfig(head),
    chunkSize: 512 * 1024,
    chunk: (results) => {
      collector.add(results.data);
      post({ type: 'progress', bytes: results.meta.cursor, totalBytes: file.size });
    },
    complete: () => post({ type: 'done', result: collector.result() }),
    error: (error) => post({ type: 'error', message: error.message }),
  });
};
