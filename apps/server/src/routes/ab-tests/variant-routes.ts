import {
  createVariantSchema,
  STEP_NOT_FOUND,
  updateVariantSchema,
  VARIANT_NOT_FOUND,
} from '@prospector/contracts';
import { createVariant, deleteVariant, listVariants, updateVariant } from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** A send step's A/B variants (decision 020); the test's rule is PATCH /api/steps/{stepId} `abTest`. */
export async function variantRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).workspaceId;
  const stepId = (request: FastifyRequest) => pathId(request, 'stepId', STEP_NOT_FOUND);
  const variantId = (request: FastifyRequest) => pathId(request, 'variantId', VARIANT_NOT_FOUND);

  app.get('/api/steps/:stepId/variants', auth, async (request) =>
    listVariants(ctx.core, user(request), stepId(request)),
  );

  app.post('/api/steps/:stepId/variants', auth, async (request, reply) => {
    const step = stepId(request);
    const created = await createVariant(
      ctx.core,
      user(request),
      step,
      parseBody(createVariantSchema, request.body),
    );
    return reply.status(201).send(created);
  });

  app.patch('/api/steps/:stepId/variants/:variantId', auth, async (request) => {
    const step = stepId(request);
    const variant = variantId(request);
    return updateVariant(
      ctx.core,
      user(request),
      step,
      variant,
      parseBody(updateVariantSchema, request.body),
    );
  });

  app.delete('/api/steps/:stepId/variants/:variantId', auth, async (request) => {
    const step = stepId(request);
    return deleteVariant(ctx.core, user(request), step, variantId(request));
  });
}
