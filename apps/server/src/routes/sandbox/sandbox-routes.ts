import { TEXT_LIMITS, tooLongMessage } from '@prospector/contracts';
import {
  AppError,
  type CoreDeps,
  listSandboxMailboxes,
  resolveSession,
  SANDBOX_GOOGLE_PATH,
  sendEmail,
} from '@prospector/core';
import { createSandboxGoogle, type SandboxGoogle, sandboxMailboxKey } from '@prospector/sandbox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { GMAIL_ID, pathId } from '../../http/route-params';
import { requireSession, sessionToken, signedIn } from '../../plugins/session-cookie';
import { googleRedirectUri } from '../mailboxes/google-settings';
import { sandboxFaultRoutes } from './sandbox-fault-routes';
import { sandboxGoogleRoutes } from './sandbox-google-routes';
import { sandboxImageLoader } from './sandbox-image-loader';

const NOT_FOUND = 'Sandbox message not found';
/** A simulated reply's text; without one the sandbox writes a default reply. */
const replyBodySchema = z.object({
  text: z.string().max(TEXT_LIMITS.replyText, tooLongMessage('Reply text', TEXT_LIMITS.replyText)).optional(),
});

/** The sandbox Google over the app's database, as the app's routes and the tests build it. */
export function appSandboxGoogle(ctx: Pick<RouteContext, 'core' | 'database' | 'config'>): SandboxGoogle {
  const google = ctx.core.google;
  if (!google?.sandbox) throw new Error('The sandbox Google is not in use');
  return createSandboxGoogle({
    sql: ctx.database,
    clock: ctx.core.clock,
    baseUrl: `${ctx.config.appUrl}${SANDBOX_GOOGLE_PATH}`,
    mountPath: SANDBOX_GOOGLE_PATH,
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    redirectUris: [googleRedirectUri(ctx.config.appUrl)],
    appOrigin: new URL(ctx.config.appUrl).origin,
    loadImage: sandboxImageLoader(ctx.core),
  });
}

/** The keys of the user's sandbox mailboxes: theirs alone, even where another user has the same address. */
export async function ownSandboxMailboxes(core: CoreDeps, workspaceId: string): Promise<string[]> {
  return (await listSandboxMailboxes(core, workspaceId)).map((address) =>
    sandboxMailboxKey(workspaceId, address),
  );
}

/**
 * When Google is sandboxed: its wire protocol under /sandbox/google, and the Sandbox Inbox API, which
 * shows what the user's sandbox mailboxes sent and simulates a reply, an out-of-office auto-reply, a bounce or
 * an open.
 */
export async function sandboxRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  if (!ctx.core.google?.sandbox) return;
  const sandbox = appSandboxGoogle(ctx);
  const ownerOf = async (request: FastifyRequest) =>
    (await resolveSession(ctx.core, sessionToken(request)))?.workspaceId;
  await app.register(sandboxGoogleRoutes, { sandbox, ownerOf });
  await app.register(sandboxFaultRoutes, { ctx, sandbox });

  const auth = { preHandler: requireSession(ctx.core) };
  const mailboxes = (request: FastifyRequest) => ownSandboxMailboxes(ctx.core, signedIn(request).workspaceId);
  const idOf = (request: FastifyRequest) => pathId(request, 'id', NOT_FOUND, GMAIL_ID);
  const found = <T>(value: T | undefined): T => {
    if (value === undefined) throw new AppError('NOT_FOUND', NOT_FOUND);
    return value;
  };

  app.get('/api/sandbox/messages', auth, async (request) => ({
    messages: await sandbox.inbox.list(await mailboxes(request)),
  }));
  // A sample email through the real mail path from the default sender, to try the inbox without a sequence.
  app.post('/api/sandbox/messages/sample', auth, async (request) => {
    const sent = await sendEmail(ctx.core, {
      workspaceId: signedIn(request).workspaceId,
      ...sampleEmail(ctx.config.appUrl),
    });
    return { messageId: sent.messageId, gmailMessageId: sent.gmailMessageId, senderEmail: sent.senderEmail };
  });
  app.post('/api/sandbox/messages/:id/reply', auth, async (request) => {
    const { text } = parseBody(replyBodySchema, request.body);
    const reply = await sandbox.inbox.reply(await mailboxes(request), idOf(request), text);
    return { message: found(reply) };
  });
  app.post('/api/sandbox/messages/:id/auto-reply', auth, async (request) => ({
    message: found(await sandbox.inbox.autoReply(await mailboxes(request), idOf(request))),
  }));
  app.post('/api/sandbox/messages/:id/bounce', auth, async (request) => ({
    message: found(await sandbox.inbox.bounce(await mailboxes(request), idOf(request))),
  }));
  app.post('/api/sandbox/messages/:id/open', auth, async (request) =>
    found(await sandbox.inbox.open(await mailboxes(request), idOf(request))),
  );
}

function sampleEmail(appUrl: string) {
  const text = [
    'Hi Jamie,',
    '',
    'I noticed Northwind is hiring for its sales team. We help teams like yours book more meetings',
    'from the mailboxes they already use. Would a 15-minute call next week be useful?',
    '',
    'Best regards,',
  ].join('\n');
  return {
    to: 'jamie.rivera@example.com',
    toName: 'Jamie Rivera',
    subject: 'Quick question about your sales team',
    text,
    html: text
      .split('\n\n')
      .map((p) => `<p>${p.replaceAll('\n', ' ')}</p>`)
      .join(''),
    unsubscribeUrl: `${appUrl}/unsubscribe/sample`,
    isTest: true,
  };
}
