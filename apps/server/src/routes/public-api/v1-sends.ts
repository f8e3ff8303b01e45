import { v1PageQuerySchema, v1RepliesQuerySchema, v1SendsQuerySchema } from '@prospector/contracts';
import {
  EMAIL_SEND_NOT_FOUND,
  listRepliesAfter,
  listSendEvents,
  listSendsAfter,
  pageInMemory,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { parseFields } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { pages } from './v1-components';
import { v1Route } from './v1-route';

/** /api/v1/sends and /api/v1/replies: what went out and what came back. */
export async function v1SendRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const read = 'sends:read' as const;

  v1Route(
    app,
    {
      method: 'GET',
      path: '/sends',
      tag: 'Sends',
      scope: read,
      operationId: 'listSends',
      summary: 'List emails, latest due first',
      description: 'Scheduled and sent emails of your sequences, filtered by state, time and sequence.',
      query: v1SendsQuerySchema,
      responses: { 200: pages.sends },
    },
    async ({ request, workspaceId }) =>
      listSendsAfter(ctx.core, workspaceId, parseFields(v1SendsQuerySchema, request.query)),
  );

  v1Route(
    app,
    {
      method: 'GET',
      path: '/sends/{id}/events',
      tag: 'Sends',
      scope: read,
      operationId: 'listSendEvents',
      summary: "List an email's events, newest first",
      description: 'Opens (with those not counted and why), clicks, replies, bounces and unsubscribes.',
      query: v1PageQuerySchema,
      responses: { 200: pages.events },
    },
    async ({ request, workspaceId }) => {
      const query = parseFields(v1PageQuerySchema, request.query);
      const { data } = await listSendEvents(
        ctx.core,
        workspaceId,
        pathId(request, 'id', EMAIL_SEND_NOT_FOUND),
      );
      return pageInMemory(data, query, (event) => ({ at: event.occurredAt, id: event.id }));
    },
  );

  v1Route(
    app,
    {
      method: 'GET',
      path: '/replies',
      tag: 'Replies',
      scope: read,
      operationId: 'listReplies',
      summary: 'List replies, newest first',
      description:
        'Replies to your sequence emails, with automated mail no rule recognised (`unclassified`); ' +
        'automatic replies too with `includeAutoReplies=true`.',
      query: v1RepliesQuerySchema,
      responses: { 200: pages.replies },
    },
    async ({ request, workspaceId }) => {
      const { data, nextCursor } = await listRepliesAfter(
        ctx.core,
        workspaceId,
        parseFields(v1RepliesQuerySchema, request.query),
      );
      return {
        data: data.map(({ receivedAt, ...reply }) => ({ ...reply, occurredAt: receivedAt })),
        nextCursor,
      };
    },
  );
}
