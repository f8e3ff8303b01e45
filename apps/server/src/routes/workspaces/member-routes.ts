import { changeMemberRoleSchema } from '@prospector/contracts';
import {
  changeMemberRole,
  listMembers,
  MEMBER_NOT_FOUND,
  removeMember,
  WORKSPACE_NOT_FOUND,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** Settings, Team: who is in a workspace and with which role. Each use case checks the caller's role there. */
export async function memberRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const workspaceId = (request: FastifyRequest) => pathId(request, 'id', WORKSPACE_NOT_FOUND);
  const memberId = (request: FastifyRequest) => pathId(request, 'userId', MEMBER_NOT_FOUND);

  app.get('/api/workspaces/:id/members', auth, async (request) =>
    listMembers(ctx.core, signedIn(request).userId, workspaceId(request)),
  );

  app.patch('/api/workspaces/:id/members/:userId', auth, async (request) => {
    const { role } = parseBody(changeMemberRoleSchema, request.body);
    const id = workspaceId(request);
    return changeMemberRole(ctx.core, signedIn(request).userId, id, memberId(request), role);
  });

  app.delete('/api/workspaces/:id/members/:userId', auth, async (request) => {
    await removeMember(ctx.core, signedIn(request), workspaceId(request), memberId(request));
    return { success: true };
  });
}
