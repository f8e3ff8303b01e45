import { apiKeyCreateSchema } from '@prospector/contracts';
import { API_KEY_NOT_FOUND, createApiKey, listApiKeys, revokeApiKey } from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { requestActor } from '../../http/request-actor';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** Settings, API: a user's keys for the public API. The full key is in the create answer only. */
export async function apiKeyRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).workspaceId;

  app.get('/api/api-keys', auth, async (request) => listApiKeys(ctx.core, user(request)));

  app.post('/api/api-keys', auth, async (request, reply) => {
    const input = parseBody(apiKeyCreateSchema, request.body);
    return reply.status(201).send(await createApiKey(ctx.core, user(request), requestActor(request), input));
  });

  app.delete('/api/api-keys/:id', auth, async (request) => {
    await revokeApiKey(
      ctx.core,
      user(request),
      requestActor(request),
      pathId(request, 'id', API_KEY_NOT_FOUND),
    );
    return { success: true };
  });
}
