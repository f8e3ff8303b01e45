import { API_AUTH_FAILURE_LIMIT, API_KEY_RATE_LIMIT } from '@prospector/contracts';
import { type ApiKeyIdentity, AppError, type CoreDeps, resolveApiKey } from '@prospector/core';
import { type Database, hitRateLimit } from '@prospector/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on /api/v1 requests signed in with an API key. */
    apiKey: ApiKeyIdentity | null;
  }
}

export const V1_PREFIX = '/api/v1/';
export const MISSING_API_KEY = 'Send an API key as Authorization: Bearer <key>';
export const INVALID_API_KEY = 'Invalid or revoked API key';
export const API_RATE_LIMITED = 'Too many requests for this API key';
export const AUTH_FAILURES_LIMITED = 'Too many requests without a valid API key from this address';

type Limit = { max: number; windowMs: number };

/** Routes of /api/v1 that need no key: the API's own description. */
const PUBLIC_PATHS = new Set(['/api/v1/openapi.json']);

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/**
 * Every /api/v1 request signs in with its Bearer key (a key acts as its user) and counts against the
 * key's rate limit (RateLimit-Limit, -Remaining and -Reset on every answer): past it, a 429 with
 * Retry-After in seconds. A request without a valid key counts instead against its client address's
 * failed authentications, whose RateLimit-* headers its 401 carries: past `failures.max` in a window, a
 * 429. The counters live in the database, so every server process shares them.
 */
export function registerApiKeyAuth(
  app: FastifyInstance,
  core: CoreDeps,
  database: Database,
  limit: Limit = API_KEY_RATE_LIMIT,
  failures: Limit = API_AUTH_FAILURE_LIMIT,
): void {
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request, reply) => {
    // Decided on the route the router matched, so no spelling of the path ('/%61pi/v1/...') skips the key.
    const route = request.routeOptions.url;
    if (route === undefined || !route.startsWith(V1_PREFIX) || PUBLIC_PATHS.has(route)) return;
    const token = bearerToken(request);
    const identity = token ? await resolveApiKey(core, token) : null;
    if (!identity) {
      const counted = await countAgainst(database, core, reply, `api-auth-failure:${request.ip}`, failures);
      if (counted === 'over') throw new AppError('RATE_LIMITED', AUTH_FAILURES_LIMITED);
      throw new AppError('UNAUTHORIZED', token ? INVALID_API_KEY : MISSING_API_KEY);
    }
    const counted = await countAgainst(database, core, reply, `api-key:${identity.keyId}`, limit);
    if (counted === 'over') throw new AppError('RATE_LIMITED', API_RATE_LIMITED);
    request.apiKey = identity;
  });
}

/** One more request on a counter, its RateLimit-* headers on the answer, and Retry-After once over. */
async function countAgainst(
  database: Database,
  core: CoreDeps,
  reply: FastifyReply,
  key: string,
  limit: Limit,
): Promise<'within' | 'over'> {
  const now = core.clock.now();
  const hit = await hitRateLimit(database, key, limit.windowMs, now);
  const resetSeconds = Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000));
  reply.header('RateLimit-Limit', limit.max);
  reply.header('RateLimit-Remaining', Math.max(0, limit.max - hit.count));
  reply.header('RateLimit-Reset', resetSeconds);
  if (hit.count <= limit.max) return 'within';
  reply.header('Retry-After', resetSeconds);
  return 'over';
}

export function apiKeyIdentity(request: FastifyRequest): ApiKeyIdentity {
  if (!request.apiKey) throw new AppError('UNAUTHORIZED', MISSING_API_KEY);
  return request.apiKey;
}
