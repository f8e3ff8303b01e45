import { moveMailboxSchema } from '@prospector/contracts';
import {
  listStrandedMailboxes,
  moveMailbox,
  nextDaySchedule,
  previewLaunch,
  retryFailedSend,
  SEQUENCE_NOT_FOUND,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';
import { engineDeps } from '../engine/engine-routes';

/**
 * Keeping a sequence's emails moving when their mailbox cannot send: the stranded mailboxes of a sequence
 * and the move to another mailbox, the retry of a failed email, and what a launch would do (decision 011).
 */
export async function mailboxRecoveryRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).workspaceId;
  const sequenceId = (request: FastifyRequest) => pathId(request, 'id', SEQUENCE_NOT_FOUND);

  app.get('/api/sequences/:id/stranded-mailboxes', auth, async (request) =>
    listStrandedMailboxes(ctx.core, user(request), sequenceId(request)),
  );
  app.post('/api/sequences/:id/move-mailbox', auth, async (request) =>
    moveMailbox(
      engineDeps(ctx),
      user(request),
      sequenceId(request),
      parseBody(moveMailboxSchema, request.body),
    ),
  );
  app.get('/api/sequences/:id/launch-preview', auth, async (request) =>
    previewLaunch(engineDeps(ctx), user(request), sequenceId(request)),
  );
  app.get('/api/sequences/:id/schedule', auth, async (request) =>
    nextDaySchedule(engineDeps(ctx), user(request), sequenceId(request)),
  );
  app.post('/api/email-sends/:id/retry', auth, async (request) =>
    retryFailedSend(engineDeps(ctx), user(request), pathId(request, 'id', 'Email not found')),
  );
}
