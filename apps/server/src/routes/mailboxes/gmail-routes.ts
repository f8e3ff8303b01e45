import { mailboxLimitsSchema, removeMailboxQuerySchema, setDefaultSenderSchema } from '@prospector/contracts';
import {
  deleteGmailAccount,
  GMAIL_ACCOUNT_NOT_FOUND,
  getGmailQuota,
  listGmailAccounts,
  listSenders,
  refreshGmailAliases,
  refreshSendingSince,
  setDefaultGmailSender,
  startGoogleConnect,
  updateMailboxLimits,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { requestActor } from '../../http/request-actor';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';

const idOf = (request: FastifyRequest) => pathId(request, 'id', GMAIL_ACCOUNT_NOT_FOUND);

/** Connected Gmail mailboxes: connect, list, quota, default sender, aliases, disconnect; senders. */
export async function gmailRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).workspaceId;

  app.get('/api/gmail/connect', auth, async (request) =>
    startGoogleConnect(ctx.core, signedIn(request), 'gmail'),
  );
  app.get('/api/gmail/accounts', auth, async (request) => listGmailAccounts(ctx.core, user(request)));
  app.get('/api/gmail/quota', auth, async (request) => getGmailQuota(ctx.core, user(request)));
  app.delete('/api/gmail/accounts/:id', auth, async (request) =>
    deleteGmailAccount(
      ctx.core,
      user(request),
      requestActor(request),
      idOf(request),
      parseBody(removeMailboxQuerySchema, request.query),
    ),
  );
  app.patch('/api/gmail/accounts/:id', auth, async (request) =>
    updateMailboxLimits(ctx.core, user(request), idOf(request), parseBody(mailboxLimitsSchema, request.body)),
  );
  app.post('/api/gmail/set-default', auth, async (request) =>
    setDefaultGmailSender(ctx.core, user(request), parseBody(setDefaultSenderSchema, request.body)),
  );
  app.post('/api/gmail/accounts/:id/refresh-aliases', auth, async (request) =>
    refreshGmailAliases(ctx.core, user(request), idOf(request)),
  );
  app.post('/api/gmail/accounts/:id/refresh-sending-since', auth, async (request) =>
    refreshSendingSince(ctx.core, user(request), idOf(request)),
  );
  app.get('/api/senders', auth, async (request) => listSenders(ctx.core, user(request)));
}
