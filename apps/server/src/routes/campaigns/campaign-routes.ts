import { connectStepsInOrder, reviewLaunch, SEQUENCE_NOT_FOUND } from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';
import { engineDeps } from '../engine/engine-routes';

/** A sequence's way to a launch that runs by itself (decision 026): the launch review and step connecting. */
export async function campaignRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).workspaceId;
  const sequenceId = (request: FastifyRequest) => pathId(request, 'id', SEQUENCE_NOT_FOUND);

  app.get('/api/sequences/:id/launch-review', auth, async (request) =>
    reviewLaunch(engineDeps(ctx), user(request), sequenceId(request)),
  );

  app.post('/api/sequences/:id/connect-in-order', auth, async (request) =>
    connectStepsInOrder(ctx.core, user(request), sequenceId(request)),
  );
}
