import {
  type ConversationDetail,
  type ConversationSummary,
  type InboxLabel,
  type InboxListResponse,
  type InboxMessage,
  inboxBulkStatusSchema,
  inboxForwardSchema,
  inboxLabelSchema,
  inboxLabelUpdateSchema,
  inboxQuerySchema,
  inboxReplySchema,
  inboxUpdateSchema,
  type UnreadCount,
} from '@prospector/contracts';
import {
  AppError,
  ATTACHMENT_NOT_FOUND,
  CONVERSATION_NOT_FOUND,
  countUnread,
  createLabel,
  deleteLabel,
  fetchAttachment,
  forwardConversation,
  getConversation,
  LABEL_NOT_FOUND,
  listConversations,
  listLabels,
  replyToConversation,
  setConversationsStatus,
  updateConversation,
  updateLabel,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';

const listQuerySchema = inboxQuerySchema.extend({
  done: z
    .enum(['true', 'false', ''], { message: 'done must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});

/** The Inbox: conversations from every mailbox, answered from the app, each lead with its status. */
export async function inboxRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).workspaceId;
  const conversationId = (request: FastifyRequest) => pathId(request, 'id', CONVERSATION_NOT_FOUND);

  app.get(
    '/api/inbox/conversations',
    auth,
    async (request): Promise<InboxListResponse> =>
      listConversations(ctx.core.db, user(request), parseBody(listQuerySchema, request.query)),
  );

  app.get(
    '/api/inbox/conversations/:id',
    auth,
    async (request): Promise<ConversationDetail> =>
      getConversation(ctx.core.db, user(request), conversationId(request)),
  );

  app.patch('/api/inbox/conversations/:id', auth, async (request): Promise<ConversationSummary> => {
    const id = conversationId(request);
    return updateConversation(ctx.core, user(request), id, parseBody(inboxUpdateSchema, request.body));
  });

  app.post('/api/inbox/conversations/:id/reply', auth, async (request): Promise<InboxMessage> => {
    const id = conversationId(request);
    return replyToConversation(ctx.core, user(request), id, parseBody(inboxReplySchema, request.body));
  });

  app.post('/api/inbox/conversations/:id/forward', auth, async (request): Promise<InboxMessage> => {
    const id = conversationId(request);
    return forwardConversation(ctx.core, user(request), id, parseBody(inboxForwardSchema, request.body));
  });

  app.post('/api/inbox/conversations/status', auth, async (request) =>
    setConversationsStatus(ctx.core, user(request), parseBody(inboxBulkStatusSchema, request.body)),
  );

  app.get('/api/inbox/messages/:id/attachments/:index', auth, async (request, reply) => {
    const id = pathId(request, 'id', ATTACHMENT_NOT_FOUND);
    const index = Number((request.params as { index?: string }).index);
    if (!Number.isInteger(index) || index < 0 || index > 1000) {
      throw new AppError('NOT_FOUND', ATTACHMENT_NOT_FOUND);
    }
    const file = await fetchAttachment(ctx.core, user(request), id, index);
    // Always a download, never shown inline: an attachment is the sender's content, not ours.
    reply
      .type('application/octet-stream')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
      .header('x-content-type-options', 'nosniff');
    return reply.send(Buffer.from(file.content));
  });

  app.get(
    '/api/inbox/unread-count',
    auth,
    async (request): Promise<UnreadCount> => ({
      count: await countUnread(ctx.core.db, user(request)),
    }),
  );

  app.get(
    '/api/inbox/labels',
    auth,
    async (request): Promise<{ labels: InboxLabel[] }> => ({
      labels: await listLabels(ctx.core.db, user(request)),
    }),
  );

  app.post('/api/inbox/labels', auth, async (request, reply): Promise<InboxLabel> => {
    const label = await createLabel(ctx.core, user(request), parseBody(inboxLabelSchema, request.body));
    reply.status(201);
    return label;
  });

  app.patch('/api/inbox/labels/:id', auth, async (request): Promise<InboxLabel> => {
    const id = pathId(request, 'id', LABEL_NOT_FOUND);
    return updateLabel(ctx.core, user(request), id, parseBody(inboxLabelUpdateSchema, request.body));
  });

  app.delete('/api/inbox/labels/:id', auth, async (request, reply) => {
    await deleteLabel(ctx.core, user(request), pathId(request, 'id', LABEL_NOT_FOUND));
    reply.status(204);
  });
}
