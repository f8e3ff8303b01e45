import {
  CSV_FILE_TOO_LARGE,
  type CsvImportProgress,
  IMPORT_BEING_SAVED,
  IMPORT_NOT_RUNNING,
  importCsvQuerySchema,
  MAX_CSV_FILE_BYTES,
} from '@prospector/contracts';
import { AppError, IMPORT_STOPPED, ImportStop, importContactsCsv, PERSONA_NOT_FOUND } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../http/error-status';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { stripForbiddenText } from '../../http/text-guard';
import { requireSession, sessionToken, signedIn } from '../../plugins/session-cookie';
import { answerWithProgress, wantsProgress } from './import-progress-answer';
import { runningImports } from './running-imports';

/**
 * POST /api/personas/{id}/import-csv: a whole CSV file as the body (text/csv), read as it arrives: the
 * file is never held in memory or on disk, so a purchased list of millions imports in one request.
 * Forbidden characters are removed rather than refused, as for the batched import. A client that accepts
 * `application/x-ndjson` hears the progress of the saving too (import-progress-answer.ts). An import given an
 * `uploadId` can be stopped by DELETE /api/personas/{id}/import-csv/{uploadId} from the same session.
 */
export async function csvFileImportRoute(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const running = runningImports();
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
      // A client that goes away, or the user's stop, gets nothing saved.
      const stop = new ImportStop();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) stop.stop();
      });
      const { uploadId } = options;
      const token = sessionToken(request) ?? '';
      if (uploadId && !running.add(uploadId, { personaId: id, sessionToken: token, stop })) {
        throw new AppError('CONFLICT', 'An import with this uploadId is already running');
      }
      const run = (onProgress?: (progress: CsvImportProgress) => void) =>
        importContactsCsv(
          ctx.core,
          signedIn(request).workspaceId,
          id,
          limited(body, MAX_CSV_FILE_BYTES, UPLOAD_STALL_MS, stop.signal),
          {
            updateExistingContacts: options.updateExistingContacts,
            excludedFields: options.excludedFields,
            cleanText: stripForbiddenText,
            onProgress,
            stop,
          },
        ).finally(() => {
          if (uploadId) running.remove(uploadId);
        });
      try {
        return await (wantsProgress(request) ? answerWithProgress(request, reply, run) : run());
      } catch (error) {
        // Refused before the file's end: the rest of it is not read, so the connection cannot serve
        // another request (a paused socket would not even hear the client leave).
        if (!request.raw.complete) reply.header('connection', 'close');
        throw error;
      }
    },
  );

  // No session is looked up in the database: on the embedded database the import being stopped holds it.
  // Only the session that began the import can stop it; any other request learns nothing (404).
  app.delete('/api/personas/:id/import-csv/:uploadId', async (request, reply) => {
    const id = pathId(request, 'id', PERSONA_NOT_FOUND);
    const token = sessionToken(request);
    if (!token) throw new AppError('UNAUTHORIZED', MESSAGES.notAuthenticated);
    const { uploadId = '' } = request.params as { uploadId?: string };
    const stop = running.find(uploadId, id, token);
    if (!stop) throw new AppError('NOT_FOUND', IMPORT_NOT_RUNNING);
    if (!stop.stop()) throw new AppError('CONFLICT', IMPORT_BEING_SAVED);
    return reply.status(204).send();
  });
}

/** An upload that sends nothing for this long is given up (rolled back), so it holds no transaction. */
export const UPLOAD_STALL_MS = 60_000;
export const UPLOAD_STALLED = 'The upload stalled: nothing arrived for 60 seconds. Import the file again';
/** The client closed the connection before the file's end (a user who stopped the import): a 400, no error. */
export const UPLOAD_CUT_OFF = 'The upload was cut off before the end of the file: nothing was saved';

/**
 * The body's bytes, refused with a 413 once past `max` (a chunked upload has no length to check first).
 * The whole request has no deadline (a 1 GB file takes minutes), so a client that stops sending is
 * given up after `stallMs`; only the time spent waiting for the client counts, not the database's. A
 * `stopped` signal ends the wait for the next bytes at once.
 */
export async function* limited(
  body: AsyncIterable<Uint8Array>,
  max: number,
  stallMs = UPLOAD_STALL_MS,
  stopped?: AbortSignal,
): AsyncGenerator<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]();
  let bytes = 0;
  try {
    for (;;) {
      const next = await withinMs(chunks.next(), stallMs, stopped).catch((error: unknown) => {
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

function withinMs<T>(promise: Promise<T>, ms: number, stopped?: AbortSignal): Promise<T> {
  // A read given up on may still fail later (the stream is ended): that failure is no longer news.
  promise.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  let onStop = () => {};
  const givenUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError('BAD_REQUEST', UPLOAD_STALLED)), ms);
    onStop = () => reject(new AppError('BAD_REQUEST', IMPORT_STOPPED));
    if (stopped?.aborted) onStop();
    stopped?.addEventListener('abort', onStop, { once: true });
  });
  return Promise.race([promise, givenUp]).finally(() => {
    clearTimeout(timer);
    stopped?.removeEventListener('abort', onStop);
  });
}
