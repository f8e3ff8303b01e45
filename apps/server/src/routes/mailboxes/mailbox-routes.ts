import { removeMailboxQuerySchema, updateMailboxSchema } from '@prospector/contracts';
import { listMailboxes, MAILBOX_NOT_FOUND, removeMailbox, updateMailbox } from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { requestActor } from '../../http/request-actor';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';

const idOf = (request: FastifyRequest) => pathId(request, 'id', MAILBOX_NOT_FOUND);

/** Mailboxes of every provider (Gmail, Microsoft, SMTP): list, rename and limits, disconnect and remove. */
export async function mailboxRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).workspaceId;

  app.get('/api/mailboxes', auth, async (request) => listMailboxes(ctx.core, user(request)));
  app.patch('/api/mailboxes/:id', auth, async (request) =>
    updateMailbox(ctx.core, user(request), idOf(request), parseBody(updateMailboxSchema, request.body)),
  );
  app.delete('/api/mailboxes/:id', auth, async (request) =>
    removeMailbox(
      ctx.core,
      user(request),
      requestActor(request),
      idOf(request),
      parseBody(removeMailboxQuerySchema, request.query),
    ),
  );
}
