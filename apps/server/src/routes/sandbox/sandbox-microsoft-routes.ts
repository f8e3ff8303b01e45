import { AppError, resolveSession, SANDBOX_MICROSOFT_PATH } from '@prospector/core';
import { SANDBOX_GRAPH_FAULTS, type SandboxMicrosoft, sandboxMailboxKey } from '@prospector/sandbox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { requireSession, sessionToken, signedIn } from '../../plugins/session-cookie';

const NOT_FOUND = 'Sandbox message not found';
const faultsSchema = z.object({
  email: z.string().email('Enter the mailbox address'),
  faults: z.array(z.enum(SANDBOX_GRAPH_FAULTS)).max(20),
});

/**
 * The sandbox Microsoft on the app's port under /sandbox/microsoft (identity platform and Graph), and its
 * Sandbox Inbox API: what the user's sandbox Microsoft mailboxes sent, a reply, out-of-office or bounce
 * made to arrive, and faults queued for a mailbox's next Graph calls.
 */
export async function sandboxMicrosoftRoutes(
  app: FastifyInstance,
  options: { ctx: RouteContext; sandbox: SandboxMicrosoft },
): Promise<void> {
  const { ctx, sandbox } = options;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  // sendMail's MIME form: the base64 of the message, as text/plain.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) =>
    done(null, String(body)),
  );

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://sandbox.invalid');
    const answer = await sandbox.handle({
      method: request.method,
      path: url.pathname.slice(SANDBOX_MICROSOFT_PATH.length) || '/',
      query: Object.fromEntries(url.searchParams),
      searchParams: url.searchParams,
      headers: request.headers,
      body: request.body,
      owner: (await resolveSession(ctx.core, sessionToken(request)))?.workspaceId,
    });
    reply.status(answer.status);
    if (answer.headers) reply.headers(answer.headers);
    return answer.body === undefined ? reply.send() : reply.send(answer.body);
  };
  app.get(`${SANDBOX_MICROSOFT_PATH}/*`, serve);
  app.post(`${SANDBOX_MICROSOFT_PATH}/*`, serve);

  const auth = { preHandler: requireSession(ctx.core) };
  const mailboxes = (request: FastifyRequest) => sandbox.control.ownedBy(signedIn(request).workspaceId);
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
  const found = <T>(value: T | undefined): T => {
    if (value === undefined) throw new AppError('NOT_FOUND', NOT_FOUND);
    return value;
  };
  app.get('/api/sandbox/microsoft/messages', auth, async (request) => ({
    messages: sandbox.inbox.list(mailboxes(request)),
  }));
  app.post('/api/sandbox/microsoft/messages/:id/reply', auth, async (request) => {
    const text = (request.body as { text?: unknown } | undefined)?.text;
    const reply = await sandbox.inbox.reply(
      mailboxes(request),
      idOf(request),
      typeof text === 'string' ? text.slice(0, 5000) : undefined,
    );
    return { message: found(reply) };
  });
  app.post('/api/sandbox/microsoft/messages/:id/auto-reply', auth, async (request) => ({
    message: found(await sandbox.inbox.autoReply(mailboxes(request), idOf(request))),
  }));
  app.post('/api/sandbox/microsoft/messages/:id/bounce', auth, async (request) => ({
    message: found(await sandbox.inbox.bounce(mailboxes(request), idOf(request))),
  }));
  app.post('/api/sandbox/microsoft/faults', auth, async (request) => {
    const { email, faults } = parseBody(faultsSchema, request.body);
    const key = sandboxMailboxKey(signedIn(request).workspaceId, email);
    if (!mailboxes(request).includes(key)) throw new AppError('NOT_FOUND', 'Sandbox mailbox not found');
    sandbox.control.queueFaults(key, faults);
    return { pending: sandbox.control.pendingFaults(key) };
  });
}
