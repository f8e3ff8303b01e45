import { apolloKeySchema, apolloToggleSchema } from '@prospector/contracts';
import { getApolloKey, saveApolloKey, toggleApolloKey } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** The Apollo key: stored encrypted, answered masked, enabled or disabled. */
export async function integrationRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };

  app.get('/api/integrations/apollo', auth, async (request) =>
    getApolloKey(ctx.core, signedIn(request).workspaceId),
  );
  app.put('/api/integrations/apollo', auth, async (request) =>
    saveApolloKey(ctx.core, signedIn(request).workspaceId, parseBody(apolloKeySchema, request.body)),
  );
  app.patch('/api/integrations/apollo/toggle', auth, async (request) =>
    toggleApolloKey(ctx.core, signedIn(request).workspaceId, parseBody(apolloToggleSchema, request.body)),
  );
}
