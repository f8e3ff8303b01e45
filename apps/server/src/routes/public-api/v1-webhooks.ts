import { webhookCreateSchema } from '@prospector/contracts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  WEBHOOK_NOT_FOUND,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseFields } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { v1Route } from './v1-route';
import { deletedSchema } from './v1-schemas';

const tag = 'Webhooks';
const endpointId = (request: FastifyRequest) => pathId(request, 'id', WEBHOOK_NOT_FOUND);

/** /api/v1/webhooks: the endpoints of the Webhooks settings, for tools that subscribe themselves. */
export async function v1WebhookRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const read = 'webhooks:read' as const;
  const write = 'webhooks:write' as const;

  v1Route(
    app,
    { method: 'GET', path: '/webhooks', tag, scope: read, summary: 'List webhook endpoints' },
    async ({ userId }) => ({
      data: await listWebhookEndpoints(ctx.core, userId),
    }),
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/webhooks',
      tag,
      scope: write,
      summary: 'Add a webhook endpoint (answers its signing secret)',
      body: webhookCreateSchema,
      status: 201,
    },
    async ({ request, userId }) =>
      createWebhookEndpoint(ctx.core, userId, parseFields(webhookCreateSchema, request.body)),
  );

  v1Route(
    app,
    { method: 'GET', path: '/webhooks/{id}', tag, scope: read, summary: 'Read a webhook endpoint' },
    async ({ request, userId }) => getWebhookEndpoint(ctx.core, userId, endpointId(request)),
  );

  v1Route(
    app,
    {
      method: 'DELETE',
      path: '/webhooks/{id}',
      tag,
      scope: write,
      summary: 'Delete a webhook endpoint',
      response: deletedSchema,
    },
    async ({ request, userId }) => {
      await deleteWebhookEndpoint(ctx.core, userId, endpointId(request));
      return { success: true };
    },
  );
}
