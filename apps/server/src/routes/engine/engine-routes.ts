import { launchSequenceSchema } from '@prospector/contracts';
import { type EngineDeps, launchSequence, SEQUENCE_NOT_FOUND } from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { requestActor } from '../../http/request-actor';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';
import { aiWriterFor } from '../templates/template-ai-writer';

/** What the sending engine's use cases need from a request: the core, APP_URL for links, the job queue. */
export const engineDeps = (ctx: RouteContext): EngineDeps => ({
  ...ctx.core,
  appUrl: ctx.config.appUrl,
  queue: ctx.queue,
  aiWriter: aiWriterFor(ctx.config),
});

/** The sending engine's HTTP entry points (decision 011). */
export async function engineRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).workspaceId;

  app.post('/api/sequences/:id/launch', auth, async (request) => {
    const id = pathId(request, 'id', SEQUENCE_NOT_FOUND);
    const input = parseBody(launchSequenceSchema, request.body);
    return launchSequence(engineDeps(ctx), user(request), requestActor(request), id, input);
  });
}
