import { v1PageQuerySchema, v1WebhookUpdateSchema, webhookCreateSchema } from '@prospector/contracts';
import {
  createWebhookEndpoint,
  DELIVERY_NOT_FOUND,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveriesAfter,
  listWebhookEndpoints,
  pageInMemory,
  retryWebhookDelivery,
  updateWebhookEndpoint,
  WEBHOOK_DELIVERY_JOB,
  WEBHOOK_HISTORY_DAYS,
  WEBHOOK_NOT_FOUND,
  webhookEndpointExists,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseFields } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { pages } from './v1-components';
import { byCreation } from './v1-pages';
import { v1Route } from './v1-route';
import { deletedSchema } from './v1-schemas';
import { webhookCreatedSchema, webhookDeliverySchema, webhookSchema } from './v1-webhook-schemas';

const tag = 'Webhooks';
const endpointId = (request: FastifyRequest) => pathId(request, 'id', WEBHOOK_NOT_FOUND);
const deliveryId = (request: FastifyRequest) => pathId(request, 'deliveryId', DELIVERY_NOT_FOUND);

/** /api/v1/webhooks: the endpoints of the Webhooks settings, for tools that subscribe themselves. */
export async function v1WebhookRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const read = 'webhooks:read' as const;
  const write = 'webhooks:write' as const;

  v1Route(
    app,
    {
      method: 'GET',
      path: '/webhooks',
      tag,
      scope: read,
      operationId: 'listWebhooks',
      summary: 'List webhook endpoints, newest first',
      query: v1PageQuerySchema,
      responses: { 200: pages.webhooks },
    },
    async ({ request, workspaceId }) =>
      pageInMemory(
        await listWebhookEndpoints(ctx.core, workspaceId),
        parseFields(v1PageQuerySchema, request.query),
        byCreation,
      ),
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/webhooks',
      tag,
      scope: write,
      operationId: 'createWebhook',
      summary: 'Add a webhook endpoint',
      description:
        'The URL must be `https://` and resolve to a public address. The answer holds the signing secret: ' +
        'keep it, it is shown only now. Events are described under Webhook events.',
      body: webhookCreateSchema,
      bodyExample: {
        url: 'https://crm.example.com/hooks/prospector',
        eventTypes: ['email.replied', 'contact.unsubscribed'],
        description: 'CRM sync',
      },
      responses: { 201: webhookCreatedSchema },
      replayWhile: (workspaceId, answer) =>
        webhookEndpointExists(ctx.core, workspaceId, (answer as { id?: unknown } | null)?.id),
    },
    async ({ request, workspaceId, actor }) =>
      createWebhookEndpoint(ctx.core, workspaceId, actor, parseFields(webhookCreateSchema, request.body)),
  );

  v1Route(
    app,
    {
      method: 'GET',
      path: '/webhooks/{id}',
      tag,
      scope: read,
      operationId: 'getWebhook',
      summary: 'Read a webhook endpoint',
      description: 'Without its signing secret, which is shown only at creation.',
      responses: { 200: webhookSchema },
    },
    async ({ request, workspaceId }) => getWebhookEndpoint(ctx.core, workspaceId, endpointId(request)),
  );

  v1Route(
    app,
    {
      method: 'DELETE',
      path: '/webhooks/{id}',
      tag,
      scope: write,
      operationId: 'deleteWebhook',
      summary: 'Delete a webhook endpoint',
      description: 'Nothing more is delivered to it, retries included.',
      responses: { 200: deletedSchema },
    },
    async ({ request, workspaceId, actor }) => {
      await deleteWebhookEndpoint(ctx.core, workspaceId, actor, endpointId(request));
      return { success: true };
    },
  );

  v1Route(
    app,
    {
      method: 'PATCH',
      path: '/webhooks/{id}',
      tag,
      scope: write,
      operationId: 'updateWebhook',
      summary: 'Change a webhook endpoint',
      description:
        'Changes only the fields you send. A new URL is checked as at creation. `enabled: true` on an ' +
        'endpoint Prospector disabled (410 Gone, failing for 5 days) clears `disabledReason` and ' +
        '`failingSince`: its failures are counted afresh. Deliveries that failed meanwhile are not ' +
        'sent again by themselves; retry them one by one.',
      body: v1WebhookUpdateSchema,
      bodyExample: { enabled: true, eventTypes: ['email.replied', 'contact.status_changed'] },
      responses: { 200: webhookSchema },
    },
    async ({ request, workspaceId }) =>
      updateWebhookEndpoint(
        ctx.core,
        workspaceId,
        endpointId(request),
        parseFields(v1WebhookUpdateSchema, request.body),
      ),
  );

  v1Route(
    app,
    {
      method: 'GET',
      path: '/webhooks/{id}/deliveries',
      tag,
      scope: read,
      operationId: 'listWebhookDeliveries',
      summary: "List an endpoint's deliveries, newest first",
      description:
        'One delivery per event sent to the endpoint, with its state, its attempts and the answer to the ' +
        `latest. Kept as long as the delivery history (${WEBHOOK_HISTORY_DAYS} days).`,
      query: v1PageQuerySchema,
      responses: { 200: pages.deliveries },
    },
    async ({ request, workspaceId }) =>
      listWebhookDeliveriesAfter(
        ctx.core,
        workspaceId,
        endpointId(request),
        parseFields(v1PageQuerySchema, request.query),
      ),
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/webhooks/{id}/deliveries/{deliveryId}/retry',
      tag,
      scope: write,
      operationId: 'retryWebhookDelivery',
      summary: 'Retry a delivery now',
      description:
        'Queues one more attempt of the delivery, now, whatever became of it: it is POSTed with the same ' +
        '`webhook-id`, signed with the current secret, as every delivery is. Answers the delivery, ' +
        '`pending` until the attempt is made. A disabled endpoint is a 409: enable it first.',
      responses: { 200: webhookDeliverySchema },
    },
    async ({ request, workspaceId }) => {
      const delivery = await retryWebhookDelivery(
        ctx.core,
        workspaceId,
        endpointId(request),
        deliveryId(request),
      );
      // A worker picks it up at once rather than at its next poll.
      await ctx.queue.send(WEBHOOK_DELIVERY_JOB, {}).catch(() => null);
      return delivery;
    },
  );
}
