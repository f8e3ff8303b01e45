import { createStepSchema, STEP_NOT_FOUND, updateStepSchema } from '@prospector/contracts';
import { createStep, deleteStep, listSteps, SEQUENCE_NOT_FOUND, updateStep } from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** A sequence's steps (spec section 7, "Sequences and steps"). */
export async function stepRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).workspaceId;
  const sequenceId = (request: FastifyRequest) => pathId(request, 'id', SEQUENCE_NOT_FOUND);
  const stepId = (request: FastifyRequest) => pathId(request, 'id', STEP_NOT_FOUND);

  app.get('/api/sequences/:id/steps', auth, async (request) =>
    listSteps(ctx.core, user(request), sequenceId(request)),
  );

  app.post('/api/sequences/:id/steps', auth, async (request, reply) => {
    const id = sequenceId(request);
    const step = await createStep(ctx.core, user(request), id, parseBody(createStepSchema, request.body));
    return reply.status(201).send(step);
  });

  app.patch('/api/steps/:id', auth, async (request) => {
    const id = stepId(request);
    const input = parseBody(updateStepSchema, request.body);
    return updateStep({ ...ctx.core, appUrl: ctx.config.appUrl }, user(request), id, input);
  });

  app.delete('/api/steps/:id', auth, async (request) => {
    await deleteStep(ctx.core, user(request), stepId(request));
    return { message: 'Step deleted successfully' };
  });
}
