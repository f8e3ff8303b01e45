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

/** Percent-escapes decoded, again while some remain (`%2575` is `%75` is `u`); a malformed one is kept. */
function decodedPath(path: string): string {
  let decoded = path;
  for (let round = 0; round < 4; round++) {
    const next = decoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (next === decoded) break;
    decoded = next;
  }
  return decoded;
}

/** An email link's prefix at the start of a path, in any case. */
const TOKEN_PATH = /^\/(u|t\/o|t\/c)(\/|$)/i;

/**
 * The email link a path names, however it is spelled (any case, repeated slashes or backslashes, percent
 * escapes, dot segments), whether or not a route matches it: its token is a secret all the same.
 */
function tokenPathPrefix(path: string): string | null {
  const slashes = decodedPath(path)
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/');
  let resolved = slashes;
  try {
    resolved = new URL(slashes, 'http://log.invalid').pathname;
  } catch {}
  const prefix = TOKEN_PATH.exec(resolved)?.[1] ?? TOKEN_PATH.exec(slashes)?.[1];
  return prefix ? `/${prefix.toLowerCase()}` : null;
}

/**
 * The URL as the request log writes it: an email link's path (by the route the router matched, or by its
 * pattern when none did) as its prefix with the token redacted, and every query value redacted, names
 * kept (OAuth's `code` and `state`, a reset link's `token`, searches for people).
 */
export function loggedUrl(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): string {
  const at = request.url.indexOf('?');
  const path = at < 0 ? request.url : request.url.slice(0, at);
  const route = request.routeOptions?.url;
  const prefix = route && TOKEN_ROUTES.has(route) ? route.slice(0, -2) : tokenPathPrefix(path);
  const shownPath = prefix ? `${prefix}/${REDACTED}` : path;
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
