import { loginSchema, registerSchema } from '@prospector/contracts';
import { getCurrentUser, loginUser, logoutSession, registerUser } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { rateLimitedRoute } from '../../plugins/rate-limit';
import {
  clearSessionCookie,
  requireSession,
  sessionToken,
  setSessionCookie,
  signedIn,
  signInContext,
} from '../../plugins/session-cookie';

/** Signing in and out: me, login, register, logout. */
export async function sessionRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const limited = rateLimitedRoute(ctx.rateLimit);

  app.get('/api/auth/me', { preHandler: requireSession(ctx.core) }, async (request) =>
    getCurrentUser(ctx.core, signedIn(request)),
  );

  app.post('/api/auth/login', limited, async (request, reply) => {
    const input = parseBody(loginSchema, request.body);
    const { user, session } = await loginUser(ctx.core, input, signInContext(request));
    setSessionCookie(reply, session, ctx.secureCookies);
    return user;
  });

  app.post('/api/auth/register', limited, async (request, reply) => {
    const input = parseBody(registerSchema, request.body);
    const { user, session } = await registerUser(ctx.core, input, signInContext(request));
    setSessionCookie(reply, session, ctx.secureCookies);
    return reply.status(201).send(user);
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await logoutSession(ctx.core, sessionToken(request));
    clearSessionCookie(reply, ctx.secureCookies);
    return { success: true };
  });
}
