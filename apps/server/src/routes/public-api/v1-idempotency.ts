import {
  AppError,
  type CoreDeps,
  finishIdempotent,
  IDEMPOTENCY_CREATED_GONE,
  requestHash,
  startIdempotent,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { requireScope } from './v1-route';

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency record this request answers for, when it came with an Idempotency-Key. */
    idempotencyRecord: string | null;
  }
}

export const IDEMPOTENCY_KEY_TOO_LONG = 'Idempotency-Key must be 1 to 255 characters';

/**
 * `Idempotency-Key` on every v1 POST: the first request with a key runs and its answer is kept 24 hours;
 * the same API key, key and body get that answer again (with `Idempotent-Replayed: true`), another body
 * or a request while the first still runs a 409. A key without the route's scope is refused before
 * anything is claimed or replayed.
 */
export function registerIdempotency(app: FastifyInstance, core: CoreDeps): void {
  app.decorateRequest('idempotencyRecord', null);
  app.addHook('preHandler', async (request, reply) => {
    const route = request.routeOptions.config.v1Route;
    if (request.method !== 'POST' || !route) return;
    const key = request.headers['idempotency-key'];
    if (key === undefined) return;
    const identity = requireScope(request, route.scope);
    if (typeof key !== 'string' || key.length === 0 || key.length > 255)
      throw new AppError('BAD_REQUEST', IDEMPOTENCY_KEY_TOO_LONG);
    const hash = requestHash(request.method, request.url, request.body);
    const owner = { workspaceId: identity.workspaceId, apiKeyId: identity.keyId };
    const start = await startIdempotent(core, owner, key, hash);
    if (start.kind === 'first') {
      request.idempotencyRecord = start.recordId;
      return;
    }
    if (route.replayWhile && !(await route.replayWhile(identity.workspaceId, start.response)))
      throw new AppError('CONFLICT', IDEMPOTENCY_CREATED_GONE);
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
