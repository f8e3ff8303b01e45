import { PassThrough } from 'node:stream';
import { CSV_IMPORT_PROGRESS_TYPE, type CsvImportLine, type CsvImportProgress } from '@prospector/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toAnswer } from '../../http/error-handler';

/** Whether the client asked to follow the import to its end (`Accept: application/x-ndjson`). */
export function wantsProgress(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '')
    .split(',')
    .some((type) => type.split(';')[0]?.trim().toLowerCase() === CSV_IMPORT_PROGRESS_TYPE);
}

/**
 * Runs an import and answers with its progress as it comes, a JSON line each, then its report. Nothing is
 * sent before the first progress (the whole file has arrived), so a file refused while it arrives gets its
 * own status, as any request does; from then on the answer is a 200 and a failure is its last line. The
 * lines also keep the connection busy, so no proxy takes a long merge for an idle request.
 */
export async function answerWithProgress<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (onProgress: (progress: CsvImportProgress) => void) => Promise<T>,
): Promise<FastifyReply> {
  const lines = new PassThrough();
  const asLine = (line: CsvImportLine | { result: T }) => `${JSON.stringify(line)}\n`;
  let begin = () => {};
  const begun = new Promise<void>((resolve) => {
    begin = resolve;
  });
  const running = run((progress) => {
    begin();
    lines.write(asLine({ progress }));
  });
  await Promise.race([begun, running]);
  running.then(
    (result) => lines.end(asLine({ result })),
    (error: unknown) => {
      const { status, message, code } = toAnswer(error);
      if (status >= 500) request.log.error({ err: error }, 'Import failed');
      lines.end(asLine({ error: { status, message, code } }));
    },
  );
  return reply.type(`${CSV_IMPORT_PROGRESS_TYPE}; charset=utf-8`).send(lines);
}
