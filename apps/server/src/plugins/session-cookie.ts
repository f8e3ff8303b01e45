import type { IssuedSession, SessionIdentity, SignInContext } from '@prospector/core';
import { AppError, type CoreDeps, resolveSession, roleAllows, roleRefusal } from '@prospector/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../http/error-status';
import { requiredRole } from '../http/route-roles';

export const SESSION_COOKIE = 'prospector_sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireSession on routes that need a signed-in user. */
    identity: SessionIdentity | null;
  }
}

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || undefined;
}

/** The cookie: HttpOnly, SameSite=Lax, Path=/, Secure when APP_URL is https, expiring with the session. */
export function setSessionCookie(reply: FastifyReply, session: IssuedSession, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure });
}

/** What login and register hand to core: the cookie being replaced, and who is signing in. */
export function signInContext(request: FastifyRequest): SignInContext {
  return {
    previousToken: sessionToken(request),
    meta: { userAgent: request.headers['user-agent']?.slice(0, 300), ip: request.ip },
  };
}

const sessionGuards = new WeakSet<object>();

/** Whether a route's preHandler is requireSession's (for tests that walk the guarded routes). */
export function isSessionGuard(hook: unknown): boolean {
  return typeof hook === 'function' && sessionGuards.has(hook);
}

/**
 * preHandler for routes that need a signed-in user: 401 without one, 403 when their role in the session's
 * workspace is below what the route needs (see route-roles).
 */
export function requireSession(core: CoreDeps) {
  const guard = async (request: FastifyRequest) => {
    const identity = await resolveSession(core, sessionToken(request));
    if (!identity) throw new AppError('UNAUTHORIZED', MESSAGES.notAuthenticated);
    request.identity = identity;
    const needed = requiredRole(request.method, request.routeOptions.url ?? request.url);
    if (needed && !roleAllows(identity.role, needed)) {
      throw new AppError('FORBIDDEN', roleRefusal(needed), undefined, {
        requiredRole: needed,
        role: identity.role,
      });
    }
  };
  sessionGuards.add(guard);
  return guard;
}

/** The identity requireSession stored; only call it on routes that use requireSession. */
export function signedIn(request: FastifyRequest): SessionIdentity {
  if (!request.identity) throw new AppError('UNAUTHORIZED', MESSAGES.notAuthenticated);
  return request.identity;
}
