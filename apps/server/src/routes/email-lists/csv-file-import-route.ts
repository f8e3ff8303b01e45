import {
  CSV_FILE_TOO_LARGE,
  type CsvImportProgress,
  importCsvQuerySchema,
  MAX_CSV_FILE_BYTES,
} from '@prospector/contracts';
import { AppError, importContactsCsv, PERSONA_NOT_FOUND } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { stripForbiddenText } from '../../http/text-guard';
import { requireSession, signedIn } from '../../plugins/session-cookie';
import { answerWithProgress, wantsProgress } from './import-progress-answer';

/**
 * POST /api/personas/{id}/import-csv: a whole CSV file as the body (text/csv), read as it arrives: the
 * file is never held in memory or on disk, so a purchased list of millions imports in one request.
 * Forbidden characters are removed rather than refused, as for the batched import. A client that accepts
 * `application/x-ndjson` hears the progress of the saving too (import-progress-answer.ts).
 */
export async function csvFileImportRoute(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  app.addContentTypeParser('text/csv', { bodyLimit: MAX_CSV_FILE_BYTES }, (_request, payload, done) =>
    done(null, payload),
  );
  app.post(
    '/api/personas/:id/import-csv',
    {
      preHandler: requireSession(ctx.core),
      bodyLimit: MAX_CSV_FILE_BYTES,
      config: { text: 'strip', streamedBody: true },
    },
    async (request, reply) => {
      const id = pathId(request, 'id', PERSONA_NOT_FOUND);
      const options = parseBody(importCsvQuerySchema, request.query);
      const body = request.body as AsyncIterable<Uint8Array> | undefined;
      if (!body || typeof body[Symbol.asyncIterator] !== 'function') {
        throw new AppError('VALIDATION_ERROR', 'Send the CSV file as the body, with Content-Type: text/csv');
      }
      // A client that goes away (a user who stops the import) gets nothing saved.
      const clientGone = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) clientGone.abort();
      });
      const run = (onProgress?: (progress: CsvImportProgress) => void) =>
        importContactsCsv(ctx.core, signedIn(request).userId, id, limited(body, MAX_CSV_FILE_BYTES), {
          updateExistingContacts: options.updateExistingContacts,
          excludedFields: options.excludedFields,
          cleanText: stripForbiddenText,
          onProgress,
          signal: clientGone.signal,
        });
      return wantsProgress(request) ? answerWithProgress(request, reply, run) : run();
    },
  );
}

/** An upload that sends nothing for this long is given up (rolled back), so it holds no transaction. */
export const UPLOAD_STALL_MS = 60_000;
export const UPLOAD_STALLED = 'The upload stalled: nothing arrived for 60 seconds. Import the file again';
/** The client closed the connection before the file's end (a user who stopped the import): a 400, no error. */
export const UPLOAD_CUT_OFF = 'The upload was cut off before the end of the file: nothing was saved';

/**
 * The body's bytes, refused with a 413 once past `max` (a chunked upload has no length to check first).
 * The whole request has no deadline (a 1 GB file takes minutes), so a client that stops sending is
 * given up after `stallMs`; only the time spent waiting for the client counts, not the database's.
 */
export async function* limited(
  body: AsyncIterable<Uint8Array>,
  max: number,
  stallMs = UPLOAD_STALL_MS,
): AsyncGenerator<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]();
  let bytes = 0;
  try {
    for (;;) {
      const next = await withinMs(chunks.next(), stallMs).catch((error: unknown) => {
        throw (error as { code?: string }).code === 'ECONNRESET'
          ? new AppError('BAD_REQUEST', UPLOAD_CUT_OFF)
          : error;
      });
      if (next.done) return;
      bytes += next.value.byteLength;
      if (bytes > max) throw new AppError('PAYLOAD_TOO_LARGE', CSV_FILE_TOO_LARGE);
      yield next.value;
    }
  } finally {
    // Ends the body's stream when the import stops early (refused, stalled); nothing to wait for.
    chunks.return?.().catch(() => {});
  }
}

function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  // A read given up on may still fail later (the stream is ended): that failure is no longer news.
  promise.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError('BAD_REQUEST', UPLOAD_STALLED)), ms);
  });
  return Promise.race([promise, stalled]).finally(() => clearTimeout(timer));
}
