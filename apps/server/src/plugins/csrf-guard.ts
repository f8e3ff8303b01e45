import { AppError } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../http/error-status';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isJsonContentType(value: string | undefined): boolean {
  return value?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * Cross-site request forgery guard for /api. A state-changing request must either carry a JSON body (which
 * a cross-site form cannot send, and cross-site fetch cannot send without a CORS preflight we never grant)
 * or come with an Origin header naming APP_URL's origin (a same-origin fetch without a body, e.g. logout).
 */
export function registerCsrfGuard(app: FastifyInstance, appUrl: string): void {
  const allowedOrigin = new URL(appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return;
    // The public API signs in with a key in a header, which a browser never sends on its own (no key: 401).
    if (request.url.startsWith('/api/v1/')) return;
    if (isJsonContentType(request.headers['content-type'])) return;
    if (request.headers.origin === allowedOrigin) return;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.jsonOnly);
  });
}
