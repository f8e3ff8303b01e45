import { SENDER_HEALTH_MESSAGES } from '@prospector/contracts';
import {
  checkMailboxHealth,
  getMailboxHealth,
  MAILBOX_HEALTH_LIMITS,
  MAILBOX_NOT_FOUND,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { perUserRateLimit } from '../../plugins/rate-limit';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** "Check again" per user and minute: each check makes tens of DNS lookups and may read the Sent folder. */
export const SENDER_HEALTH_CHECKS_PER_USER = {
  max: MAILBOX_HEALTH_LIMITS.checksPerUserPerMinute,
  windowMs: 60_000,
};

/** A mailbox's sender health (SPF, DKIM, DMARC, blocklists): the latest check, and "Check again". */
export async function senderHealthRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).workspaceId;
  const idOf = (request: FastifyRequest) => pathId(request, 'id', MAILBOX_NOT_FOUND);
  const checkAgain = {
    preHandler: [
      requireSession(ctx.core),
      perUserRateLimit(
        ctx.database,
        ctx.core.clock,
        'sender-health-check',
        SENDER_HEALTH_CHECKS_PER_USER,
        SENDER_HEALTH_MESSAGES.rateLimited,
      ),
    ],
  };

  app.get('/api/mailboxes/:id/health', auth, async (request) =>
    getMailboxHealth(ctx.senderHealth, user(request), idOf(request)),
  );
  app.post('/api/mailboxes/:id/health/check', checkAgain, async (request) =>
    checkMailboxHealth(ctx.senderHealth, user(request), idOf(request)),
  );
}
