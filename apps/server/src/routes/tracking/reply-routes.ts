import { type ContactEventsResponse, type RepliesResponse, repliesQuerySchema } from '@prospector/contracts';
import {
  CONTACT_NOT_FOUND,
  GMAIL_ACCOUNT_NOT_FOUND,
  listContactEvents,
  listReplies,
  resumeMailbox,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** What tracking shows the signed-in user: replies, a contact's events, and resuming a paused mailbox. */
export async function replyRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).workspaceId;

  app.get('/api/replies', auth, async (request): Promise<RepliesResponse> => {
    const query = parseBody(repliesQuerySchema, request.query);
    return { replies: await listReplies(ctx.core, user(request), query) };
  });

  app.get('/api/contacts/:id/events', auth, async (request): Promise<ContactEventsResponse> => {
    const contactId = pathId(request, 'id', CONTACT_NOT_FOUND);
    return { events: await listContactEvents(ctx.core, user(request), contactId) };
  });

  app.post('/api/gmail/accounts/:id/resume', auth, async (request) =>
    resumeMailbox(ctx.core, user(request), pathId(request, 'id', GMAIL_ACCOUNT_NOT_FOUND)),
  );
}
