import { useCallback, useEffect, useRef, useState } from 'react';
import type { CsvWorkerMessage } from './csv-worker-messages';
import type { CsvParseResult } from './parse-contacts-csv';

export type CsvFileState =
  | { status: 'idle' }
  | { status: 'reading'; fileName: string; percent: number }
  | { status: 'ready'; fileName: string; file: File; result: CsvParseResult }
  | { status: 'error'; fileName: string; message: string };

/** Reads a chosen CSV file in the CSV worker and keeps what it found. */
export function useCsvFile() {
  const [state, setState] = useState<CsvFileState>({ status: 'idle' });
  const worker = useRef<Worker | null>(null);

  const stop = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const read = useCallback(
    (file: File) => {
      stop();
      const fileName = file.name;
      setState({ status: 'reading', fileName, percent: 0 });
      const parser = new Worker(new URL('./csv-parse.worker.ts', import.meta.url), { type: 'module' });
      worker.current = parser;
      parser.onmessage = (event: MessageEvent<CsvWorkerMessage>) => {
        const message = event.data;
        if (message.type === 'progress') {
          const percent = message.totalBytes ? Math.round((message.bytes / message.totalBytes) * 100) : 100;
          setState({ status: 'reading', fileName, percent });
          return;
        }
        setState(
          message.type === 'done'
            ? { status: 'ready', fileName, file, result: message.result }
            : { status: 'error', fileName, message: message.message },
        );
        stop();
      };
      parser.onerror = () => {
        setState({ status: 'error', fileName, message: 'The file could not be read' });
        stop();
      };
      parser.postMessage(file);
    },
    [stop],
  );

  const reset = useCallback(() => {
    stop();
    setState({ status: 'idle' });
  }, [stop]);

  return { state, read, reset };
}
