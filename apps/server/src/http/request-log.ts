import { CLICK_PATH, OPEN_PIXEL_PATH, UNSUBSCRIBE_PATH } from '@prospector/core';
import { type FastifyRequest, LogController } from 'fastify';

export const REDACTED = '[redacted]';

/** Routes whose path is a secret (the email's token in the pixel, click and unsubscribe links). */
const TOKEN_ROUTES = new Set([`${OPEN_PIXEL_PATH}/*`, `${CLICK_PATH}/*`, `${UNSUBSCRIBE_PATH}/*`]);

/**
 * The pixel and the click redirect answer every open and click of every email sent: thousands a second,
 * anonymous, each naming a secret token. Their requests are not logged (a line per request would cost more
 * than the answer); what goes wrong on them is, like anywhere else, by the error handler.
 */
const UNLOGGED_ROUTES = new Set([`${OPEN_PIXEL_PATH}/*`, `${CLICK_PATH}/*`]);

/** Fastify's per-request log lines, for every route but the pixel and the click redirect. */
export const requestLogController = new LogController({
  disableRequestLogging: (request: Pick<FastifyRequest, 'routeOptions'>) =>
    UNLOGGED_ROUTES.has(request.routeOptions?.url ?? ''),
});

/**
 * The URL as the request log writes it: a token route's path as its pattern with the token redacted
 * (decided on the route the router matched, so `/%75/...` is redacted too), and every query value
 * redacted, names kept (OAuth's `code` and `state`, a reset link's `token`, searches for people).
 */
export function loggedUrl(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): string {
  const at = request.url.indexOf('?');
  const path = at < 0 ? request.url : request.url.slice(0, at);
  const route = request.routeOptions?.url;
  const shownPath = route && TOKEN_ROUTES.has(route) ? route.replace('*', REDACTED) : path;
  if (at < 0) return shownPath;
  const names = request.url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=${REDACTED}`);
  return `${shownPath}?${names.join('&')}`;
}

/** Fastify's logger options: its usual request fields, with the URL redacted. */
export function requestLogOptions(level: string) {
  return {
    level,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggedUrl(request),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
