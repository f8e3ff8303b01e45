import { emailSendsQuerySchema } from '@prospector/contracts';
import { listEmailSends } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** GET /api/email-sends?status&sequenceId: the All Emails tab of the Email Sending page. */
export async function emailSendRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  app.get('/api/email-sends', { preHandler: requireSession(ctx.core) }, async (request) =>
    listEmailSends(ctx.core, signedIn(request).workspaceId, parseBody(emailSendsQuerySchema, request.query)),
  );
}
