import { connectSmtpMailboxSchema, updateSmtpMailboxSchema } from '@prospector/contracts';
import {
  askForHealthCheck,
  connectSmtpMailbox,
  GMAIL_ACCOUNT_NOT_FOUND,
  getGmailAccount,
  updateSmtpMailbox,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { requestActor } from '../../http/request-actor';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** Mailboxes on any SMTP/IMAP server: connect, and new settings or passwords (which resume a held one). */
export async function smtpMailboxRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).workspaceId;

  app.post('/api/mailboxes/smtp', auth, async (request, reply) => {
    const input = parseBody(connectSmtpMailboxSchema, request.body);
    const mailbox = await connectSmtpMailbox(ctx.core, user(request), requestActor(request), input);
    await askForHealthCheck(ctx.queue, user(request), mailbox.id);
    reply.code(201);
    return getGmailAccount(ctx.core, user(request), mailbox.id);
  });
  app.put('/api/mailboxes/:id/smtp', auth, async (request) => {
    const id = pathId(request, 'id', GMAIL_ACCOUNT_NOT_FOUND);
    const mailbox = await updateSmtpMailbox(
      ctx.core,
      user(request),
      id,
      parseBody(updateSmtpMailboxSchema, request.body),
    );
    await askForHealthCheck(ctx.queue, user(request), mailbox.id);
    return getGmailAccount(ctx.core, user(request), mailbox.id);
  });
}
