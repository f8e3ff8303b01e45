import { type ClassifiedInbound, classifyInboundSchema } from '@prospector/contracts';
import { classifyInboundByUser, INBOUND_MESSAGE_NOT_FOUND } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';
import { engineDeps } from '../engine/engine-routes';

/** Inbound mail the user acts on: marking an unclassified automated message (decision 016). */
export async function inboundRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };

  app.post('/api/replies/:id/classify', auth, async (request): Promise<ClassifiedInbound> => {
    const eventId = pathId(request, 'id', INBOUND_MESSAGE_NOT_FOUND);
    const { as } = parseBody(classifyInboundSchema, request.body);
    return classifyInboundByUser(engineDeps(ctx), signedIn(request).workspaceId, eventId, as);
  });
}
