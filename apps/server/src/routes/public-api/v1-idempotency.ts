import { AppError, type CoreDeps, finishIdempotent, requestHash, startIdempotent } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { V1_PREFIX } from './v1-auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency record this request answers for, when it came with an Idempotency-Key. */
    idempotencyRecord: string | null;
  }
}

export const IDEMPOTENCY_KEY_TOO_LONG = 'Idempotency-Key must be 1 to 255 characters';

/**
 * `Idempotency-Key` on every v1 POST: the first request with a key runs and its answer is kept 24 hours;
 * the same key and body get that answer again (with `Idempotent-Replayed: true`), another body a 409.
 */
export function registerIdempotency(app: FastifyInstance, core: CoreDeps): void {
  app.decorateRequest('idempotencyRecord', null);
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || !request.url.startsWith(V1_PREFIX) || !request.apiKey) return;
    const key = request.headers['idempotency-key'];
    if (key === undefined) return;
    if (typeof key !== 'string' || key.length === 0 || key.length > 255)
      throw new AppError('BAD_REQUEST', IDEMPOTENCY_KEY_TOO_LONG);
    const hash = requestHash(request.method, request.url, request.body);
    const start = await startIdempotent(core, request.apiKey.userId, key, hash);
    if (start.kind === 'first') {
      request.idempotencyRecord = start.recordId;
      return;
    }
    reply.header('Idempotent-Replayed', 'true');
    return reply.status(start.statusCode).send(start.response);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const recordId = request.idempotencyRecord;
    if (!recordId) return payload;
    request.idempotencyRecord = null;
    const text = typeof payload === 'string' ? payload : null;
    const body = text ? safeJson(text) : null;
    await finishIdempotent(core, recordId, reply.statusCode, body);
    return payload;
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
