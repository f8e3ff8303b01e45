import {
  askForHealthCheck,
  completeGoogleConnect,
  deleteGoogleIntegration,
  getGoogleIntegration,
  personActor,
  resolveSession,
  startGoogleConnect,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../http/route-context';
import { requireSession, sessionToken, signedIn } from '../../plugins/session-cookie';

type CallbackQuery = { code?: string; state?: string; error?: string };

/** Google sign-in for mailboxes and the Workspace integration: start, the OAuth callback, status. */
export async function googleRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };

  app.get('/api/auth/google', auth, async (request) =>
    startGoogleConnect(ctx.core, signedIn(request), 'gsuite'),
  );

  // The browser arrives here from Google's consent screen (a top-level GET, so the Lax cookie is sent).
  app.get('/api/auth/google/callback', async (request, reply) => {
    const { code, state, error } = request.query as CallbackQuery;
    const identity = await resolveSession(ctx.core, sessionToken(request));
    if (!identity) return reply.redirect('/login');
    try {
      const { redirectTo } = await completeGoogleConnect(ctx.core, {
        ...identity,
        actor: personActor(identity.userId),
        code,
        state,
        error,
      });
      // The new mailbox's domain is checked in the background; the connection does not wait for it.
      await askForHealthCheck(ctx.queue, identity.workspaceId);
      return reply.redirect(redirectTo);
    } catch (failure) {
      request.log.error({ err: failure }, 'Google connection failed');
      return reply.redirect('/connection/gmail?error=server_error');
    }
  });

  app.get('/api/integrations/google', auth, async (request) =>
    getGoogleIntegration(ctx.core, signedIn(request).workspaceId),
  );
  app.delete('/api/integrations/google', auth, async (request) =>
    deleteGoogleIntegration(ctx.core, signedIn(request).workspaceId),
  );
}
