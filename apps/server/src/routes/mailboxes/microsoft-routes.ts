import {
  askForHealthCheck,
  completeMicrosoftConnect,
  personActor,
  resolveSession,
  startMicrosoftConnect,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../http/route-context';
import { requireSession, sessionToken, signedIn } from '../../plugins/session-cookie';

type CallbackQuery = { code?: string; state?: string; error?: string };

/** Connecting a Microsoft 365 or Outlook.com mailbox: the consent URL, and the OAuth callback. */
export async function microsoftRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };

  app.get('/api/microsoft/connect', auth, async (request) =>
    startMicrosoftConnect(ctx.core, signedIn(request)),
  );

  // The browser arrives here from Microsoft's consent page (a top-level GET, so the Lax cookie is sent).
  app.get('/api/microsoft/callback', async (request, reply) => {
    const { code, state, error } = request.query as CallbackQuery;
    const identity = await resolveSession(ctx.core, sessionToken(request));
    if (!identity) return reply.redirect('/login');
    try {
      const { redirectTo } = await completeMicrosoftConnect(ctx.core, {
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
      request.log.error({ err: failure }, 'Microsoft connection failed');
      return reply.redirect('/connection/gmail?provider=microsoft&error=server_error');
    }
  });
}
