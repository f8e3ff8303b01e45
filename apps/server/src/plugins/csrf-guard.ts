import {
  AppError,
  SANDBOX_APOLLO_PATH,
  SANDBOX_GOOGLE_PATH,
  SANDBOX_MICROSOFT_PATH,
  UNSUBSCRIBE_PATH,
} from '@prospector/core';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { MESSAGES } from '../http/error-status';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The only state-changing doors a browser may reach from anywhere: the one-click unsubscribe (a mail
 * client's RFC 8058 POST has no cookie, no Origin and a form body) and the sandbox stand-ins for Google,
 * Microsoft and Apollo, which speak those services' form-encoded and server-to-server protocols.
 */
const PUBLIC_DOORS = [
  `${UNSUBSCRIBE_PATH}/`,
  `${SANDBOX_GOOGLE_PATH}/`,
  `${SANDBOX_MICROSOFT_PATH}/`,
  `${SANDBOX_APOLLO_PATH}/`,
];
const API_KEY_DOOR = '/api/v1/';

export interface UnsafeRoute {
  method: string;
  url: string;
}

const unsafeRoutesByApp = new WeakMap<FastifyInstance, UnsafeRoute[]>();

export function isJsonContentType(value: string | undefined): boolean {
  return value?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

export const isPublicDoor = (routeUrl: string) => PUBLIC_DOORS.some((door) => routeUrl.startsWith(door));

/** Every state-changing route registered on the app, as the router knows it (for tests and audits). */
export function unsafeRoutesOf(app: FastifyInstance): UnsafeRoute[] {
  return unsafeRoutesByApp.get(app) ?? [];
}

function methodsOf(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
}

/**
 * Cross-site request forgery guard. A state-changing request must either carry a JSON body (which a
 * cross-site form cannot send, and cross-site fetch cannot send without a CORS preflight we never grant)
 * or come with an Origin header naming APP_URL's origin (a same-origin fetch without a body, e.g. logout).
 *
 * It decides on the route the router matched, never on the raw URL: the router decodes `/%61pi/...` to
 * `/api/...`, so a test of the request's own path could be walked around. Every route is guarded except
 * the public doors above, and /api/v1, whose every route needs an API key in a header and never reads the
 * cookie.
 */
export function registerCsrfGuard(app: FastifyInstance, appUrl: string): void {
  const allowedOrigin = new URL(appUrl).origin;
  const unsafe: UnsafeRoute[] = [];
  unsafeRoutesByApp.set(app, unsafe);
  app.addHook('onRoute', (route) => {
    for (const method of methodsOf(route))
      if (STATE_CHANGING.has(method)) unsafe.push({ method, url: route.url });
  });

  app.addHook('onRequest', async (request) => {
    const routeUrl = request.routeOptions.url;
    // An unmatched request reaches no handler: it is answered 404 whatever it carries.
    if (!STATE_CHANGING.has(request.method) || routeUrl === undefined) return;
    if (isPublicDoor(routeUrl)) return;
    // The public API signs in with a key in a header, which a browser never sends on its own: a request
    // without one is the API's own 401, and a forged request cannot carry one.
    if (routeUrl.startsWith(API_KEY_DOOR)) return;
    if (isJsonContentType(request.headers['content-type'])) return;
    if (request.headers.origin === allowedOrigin) return;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.jsonOnly);
  });
}
