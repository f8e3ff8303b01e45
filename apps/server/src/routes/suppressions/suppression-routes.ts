import { addSuppressionSchema, suppressionListQuerySchema } from '@prospector/contracts';
import { addSuppression, liftSuppression, listSuppressions } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { requireSession, signedIn } from '../../plugins/session-cookie';

const idOf = (request: { params: unknown }) => (request.params as { id: string }).id;

/** The user's suppression list (decision 046): read it, add an address or a domain, lift one added by hand. */
export async function suppressionRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };

  app.get('/api/suppressions', auth, async (request) =>
    listSuppressions(
      ctx.core,
      signedIn(request).workspaceId,
      parseBody(suppressionListQuerySchema, request.query),
    ),
  );

  app.post('/api/suppressions', auth, async (request, reply) => {
    const input = parseBody(addSuppressionSchema, request.body);
    return reply
      .status(201)
      .send(await addSuppression(ctx.core, signedIn(request).workspaceId, input, 'user'));
  });

  app.delete('/api/suppressions/:id', auth, async (request, reply) => {
    await liftSuppression(ctx.core, signedIn(request).workspaceId, idOf(request));
    return reply.status(204).send();
  });
}
