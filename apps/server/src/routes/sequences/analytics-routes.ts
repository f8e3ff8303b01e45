import { getQueueStatus, getSequenceAnalytics, SEQUENCE_NOT_FOUND } from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** What the user's sequences achieved, and how their sending is doing. */
export async function analyticsRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).workspaceId;

  app.get('/api/sequences/:id/analytics', auth, async (request) =>
    getSequenceAnalytics(ctx.core, user(request), pathId(request, 'id', SEQUENCE_NOT_FOUND)),
  );
  app.get('/api/queue/status', auth, async (request) => getQueueStatus(ctx.core, user(request)));
}
