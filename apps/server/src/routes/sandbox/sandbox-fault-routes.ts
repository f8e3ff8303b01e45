import { AppError, listSandboxMailboxes } from '@prospector/core';
import { SANDBOX_GMAIL_FAULTS, type SandboxGoogle, sandboxMailboxKey } from '@prospector/sandbox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { requireSession, signedIn } from '../../plugins/session-cookie';

const mailboxField = z
  .string({ error: 'Mailbox is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Mailbox is required');

const queueFaultsSchema = z.object({
  mailbox: mailboxField,
  faults: z
    .array(
      z.enum(SANDBOX_GMAIL_FAULTS, { error: `Each fault is one of ${SANDBOX_GMAIL_FAULTS.join(', ')}` }),
      {
        error: 'Faults must be a list',
      },
    )
    .min(1, 'Name at least one fault')
    .max(100, 'At most 100 faults at a time'),
});

const clearFaultsSchema = z.object({ mailbox: mailboxField });

const oldSentMailSchema = z.object({
  mailbox: mailboxField,
  sentAt: z
    .string({ error: 'Sent at must be a date and time' })
    .refine((value) => !Number.isNaN(Date.parse(value)), 'Sent at must be a date and time'),
});

/**
 * The sandbox Gmail's fault controls: `POST /api/sandbox/faults {mailbox, faults}` queues failures for the
 * next Gmail API calls of one of the signed-in user's sandbox mailboxes, one per call; `DELETE` (with
 * `{mailbox}` as body or query) clears them. Registered only while the sandbox Google is in use, so they
 * are a 404 otherwise. `POST /api/sandbox/old-sent-mail {mailbox, sentAt}` gives the mailbox a message sent
 * long ago (its age, decision 026).
 */
export async function sandboxFaultRoutes(
  app: FastifyInstance,
  options: { ctx: RouteContext; sandbox: SandboxGoogle },
): Promise<void> {
  const { ctx, sandbox } = options;
  const auth = { preHandler: requireSession(ctx.core) };

  /** The key of the signed-in user's own sandbox mailbox with this address; another's is not found. */
  async function ownMailbox(request: FastifyRequest, mailbox: string) {
    const { workspaceId } = signedIn(request);
    const mine = await listSandboxMailboxes(ctx.core, workspaceId);
    if (!mine.includes(mailbox)) throw new AppError('NOT_FOUND', 'Sandbox mailbox not found');
    return sandboxMailboxKey(workspaceId, mailbox);
  }

  app.post('/api/sandbox/faults', auth, async (request) => {
    const body = parseBody(queueFaultsSchema, request.body);
    await sandbox.control.queueFaults(await ownMailbox(request, body.mailbox), body.faults);
    return { mailbox: body.mailbox, queued: body.faults };
  });

  /** A message the mailbox sent long ago (before the clock's now): gives a demo mailbox years of history. */
  app.post('/api/sandbox/old-sent-mail', auth, async (request) => {
    const body = parseBody(oldSentMailSchema, request.body);
    const sentAt = new Date(body.sentAt);
    if (sentAt >= ctx.core.clock.now()) throw new AppError('VALIDATION_ERROR', 'Sent at must be in the past');
    const message = await sandbox.control.addOldSentMail(await ownMailbox(request, body.mailbox), sentAt);
    return { mailbox: body.mailbox, id: message.id, sentAt: sentAt.toISOString() };
  });

  app.delete('/api/sandbox/faults', auth, async (request) => {
    const body = parseBody(clearFaultsSchema, request.body ?? request.query);
    await sandbox.control.clearFaults(await ownMailbox(request, body.mailbox));
    return { mailbox: body.mailbox, queued: [] };
  });
}
