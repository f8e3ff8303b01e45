import {
  activityQuerySchema,
  deleteWorkspaceSchema,
  locateRecordSchema,
  workspaceNameSchema,
} from '@prospector/contracts';
import {
  createWorkspace,
  deleteWorkspace,
  listActivity,
  listWorkspaces,
  locateRecord,
  renameWorkspace,
  selectWorkspace,
  WORKSPACE_NOT_FOUND,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/**
 * The person's workspaces: list, create, switch, rename, delete, each one's activity log, and which one holds a
 * record a link points at.
 */
export async function workspaceRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const workspaceId = (request: FastifyRequest) => pathId(request, 'id', WORKSPACE_NOT_FOUND);

  app.get('/api/workspaces', auth, async (request) => {
    const identity = signedIn(request);
    return listWorkspaces(ctx.core, identity.userId, identity.workspaceId);
  });

  app.get('/api/workspaces/locate', auth, async (request) =>
    locateRecord(ctx.core, signedIn(request), parseBody(locateRecordSchema, request.query)),
  );

  app.post('/api/workspaces', auth, async (request, reply) => {
    const input = parseBody(workspaceNameSchema, request.body);
    return reply.status(201).send(await createWorkspace(ctx.core, signedIn(request).userId, input));
  });

  app.post('/api/workspaces/:id/select', auth, async (request) =>
    selectWorkspace(ctx.core, signedIn(request), workspaceId(request)),
  );

  app.patch('/api/workspaces/:id', auth, async (request) => {
    const id = workspaceId(request);
    return renameWorkspace(ctx.core, signedIn(request), id, parseBody(workspaceNameSchema, request.body));
  });

  app.delete('/api/workspaces/:id', auth, async (request, reply) => {
    const id = workspaceId(request);
    const input = parseBody(deleteWorkspaceSchema, request.body);
    await deleteWorkspace(ctx.core, ctx.queue, signedIn(request), id, input);
    return reply.status(202).send({ success: true });
  });

  app.get('/api/workspaces/:id/activity', auth, async (request) => {
    const id = workspaceId(request);
    const query = parseBody(activityQuerySchema, request.query);
    return listActivity(ctx.core, signedIn(request).userId, id, query);
  });
}
