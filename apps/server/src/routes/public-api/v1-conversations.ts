import { v1ConversationReplySchema, v1ConversationsQuerySchema } from '@prospector/contracts';
import {
  CONVERSATION_NOT_FOUND,
  getConversation,
  listConversations,
  replyToConversation,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseFields } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { pages } from './v1-components';
import { conversationDetailSchema, inboxMessageSchema } from './v1-inbox-schemas';
import { v1Route } from './v1-route';

const tag = 'Inbox';
const conversationId = (request: FastifyRequest) => pathId(request, 'id', CONVERSATION_NOT_FOUND);

/** /api/v1/conversations: the Inbox's conversations, read and answered as the web app does. */
export async function v1ConversationRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const read = 'inbox:read' as const;
  const write = 'inbox:write' as const;

  v1Route(
    app,
    {
      method: 'GET',
      path: '/conversations',
      tag,
      scope: read,
      operationId: 'listConversations',
      summary: 'List conversations, latest message first',
      description:
        'The Inbox of one tab (`people` unless asked), newest message first, without those marked done. ' +
        'A sync can ask for those with a message `since` its last run.',
      query: v1ConversationsQuerySchema,
      responses: { 200: pages.conversations },
    },
    async ({ request, workspaceId }) => {
      const { leadStatus, ...query } = parseFields(v1ConversationsQuerySchema, request.query);
      const page = await listConversations(ctx.core.db, workspaceId, {
        ...query,
        status: leadStatus,
        q: undefined,
      });
      return { data: page.conversations, nextCursor: page.nextCursor };
    },
  );

  v1Route(
    app,
    {
      method: 'GET',
      path: '/conversations/{id}',
      tag,
      scope: read,
      operationId: 'getConversation',
      summary: 'Read a conversation with its messages',
      description: 'Reading it through the API does not mark it read.',
      responses: { 200: conversationDetailSchema },
    },
    async ({ request, workspaceId }) => getConversation(ctx.core.db, workspaceId, conversationId(request)),
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/conversations/{id}/reply',
      tag,
      scope: write,
      operationId: 'replyToConversation',
      summary: 'Answer a conversation',
      description:
        "Sends the answer in the thread, from the conversation's mailbox, as the Inbox does: to the " +
        "person's latest address, `Re:` the subject, threaded with In-Reply-To and References. Send `text` " +
        "(paragraphs and **bold**, as in the app) or `html`; the contact's `{{variables}}` are filled in, " +
        'and a variable the contact has no value for is a 422. The conversation is marked read.',
      body: v1ConversationReplySchema,
      bodyExample: { text: 'Thanks {{first_name}}, does Tuesday at 10 suit you?' },
      responses: { 201: inboxMessageSchema },
      errors: ['MISSING_VARIABLES'],
    },
    async ({ request, workspaceId }) =>
      replyToConversation(
        ctx.core,
        workspaceId,
        conversationId(request),
        parseFields(v1ConversationReplySchema, request.body),
      ),
  );
}
