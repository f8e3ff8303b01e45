import { createInvitationSchema } from '@prospector/contracts';
import {
  acceptInvitation,
  createInvitation,
  INVITATION_NOT_FOUND,
  listInvitations,
  previewInvitation,
  revokeInvitation,
  WORKSPACE_NOT_FOUND,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { rateLimitedRoute } from '../../plugins/rate-limit';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/**
 * Invitations to a workspace: its admins send, list and revoke them; the link's page reads one without a
 * session (rate-limited per address, as the other public routes are) and the signed-in invitee accepts it.
 */
export async function invitationRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const perAddress = rateLimitedRoute(ctx.rateLimit);
  const workspaceId = (request: FastifyRequest) => pathId(request, 'id', WORKSPACE_NOT_FOUND);
  const token = (request: FastifyRequest) => (request.params as { token: string }).token;
  const inviteDeps = { ...ctx.core, queue: ctx.queue, appUrl: ctx.config.appUrl };

  app.get('/api/workspaces/:id/invitations', auth, async (request) =>
    listInvitations(ctx.core, signedIn(request).userId, workspaceId(request)),
  );

  app.post('/api/workspaces/:id/invitations', auth, async (request, reply) => {
    const input = parseBody(createInvitationSchema, request.body);
    const created = await createInvitation(inviteDeps, signedIn(request).userId, workspaceId(request), input);
    return reply.status(201).send(created);
  });

  app.delete('/api/workspaces/:id/invitations/:invitationId', auth, async (request) => {
    const invitationId = pathId(request, 'invitationId', INVITATION_NOT_FOUND);
    await revokeInvitation(ctx.core, signedIn(request).userId, workspaceId(request), invitationId);
    return { success: true };
  });

  app.get('/api/invitations/:token', perAddress, async (request) =>
    previewInvitation(ctx.core, token(request)),
  );

  app.post('/api/invitations/:token/accept', { ...perAddress, ...auth }, async (request) =>
    acceptInvitation(ctx.core, signedIn(request), token(request)),
  );
}
