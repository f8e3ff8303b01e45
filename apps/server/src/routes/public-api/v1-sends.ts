import { repliesQuerySchema, v1SendsQuerySchema } from '@prospector/contracts';
import { EMAIL_SEND_NOT_FOUND, listReplies, listSendEvents, listSendsAfter } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { parseFields } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { v1Route } from './v1-route';
import { page, replySchema, sendEventSchema, sendSchema } from './v1-schemas';

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
      summary: 'List emails, filtered by status and time',
      query: v1SendsQuerySchema,
      response: page(sendSchema),
    },
    async ({ request, userId }) =>
      listSendsAfter(ctx.core, userId, parseFields(v1SendsQuerySchema, request.query)),
  );

  v1Route(
    app,
    {
      method: 'GET',
      path: '/sends/{id}/events',
      tag: 'Sends',
      scope: read,
      summary: "An email's events (opens, clicks, replies, bounces)",
      response: page(sendEventSchema),
    },
    async ({ request, userId }) =>
      listSendEvents(ctx.core, userId, pathId(request, 'id', EMAIL_SEND_NOT_FOUND)),
  );

  v1Route(
    app,
    {
      method: 'GET',
      path: '/replies',
      tag: 'Replies',
      scope: read,
      summary: 'Replies to sequence emails, newest first',
      query: repliesQuerySchema,
      response: page(replySchema),
    },
    async ({ request, userId }) => ({
      data: await listReplies(ctx.core, userId, parseFields(repliesQuerySchema, request.query)),
    }),
  );
}
