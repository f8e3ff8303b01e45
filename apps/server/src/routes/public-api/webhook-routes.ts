import { webhookCreateSchema, webhookUpdateSchema } from '@prospector/contracts';
import {
  createWebhookEndpoint,
  DELIVERY_NOT_FOUND,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  sendTestEvent,
  updateWebhookEndpoint,
  WEBHOOK_DELIVERY_JOB,
  WEBHOOK_NOT_FOUND,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { requestActor } from '../../http/request-actor';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** Settings, Webhooks: endpoints, their secrets, test events and the delivery log. */
export async function webhookRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).workspaceId;
  const endpointId = (request: FastifyRequest) => pathId(request, 'id', WEBHOOK_NOT_FOUND);
  /** Asks a worker for a delivery round now, rather than at its next poll. */
  const wake = () => ctx.queue.send(WEBHOOK_DELIVERY_JOB, {}).catch(() => null);

  app.get('/api/webhooks', auth, async (request) => listWebhookEndpoints(ctx.core, user(request)));

  app.post('/api/webhooks', auth, async (request, reply) => {
    const input = parseBody(webhookCreateSchema, request.body);
    return reply
      .status(201)
      .send(await createWebhookEndpoint(ctx.core, user(request), requestActor(request), input));
  });

  app.get('/api/webhooks/:id', auth, async (request) =>
    getWebhookEndpoint(ctx.core, user(request), endpointId(request)),
  );

  app.patch('/api/webhooks/:id', auth, async (request) => {
    const id = endpointId(request);
    return updateWebhookEndpoint(ctx.core, user(request), id, parseBody(webhookUpdateSchema, request.body));
  });

  app.delete('/api/webhooks/:id', auth, async (request) => {
    await deleteWebhookEndpoint(ctx.core, user(request), requestActor(request), endpointId(request));
    return { success: true };
  });

  app.post('/api/webhooks/:id/test', auth, async (request, reply) => {
    const sent = await sendTestEvent(ctx.core, user(request), endpointId(request));
    await wake();
    return reply.status(202).send(sent);
  });

  app.get('/api/webhooks/:id/deliveries', auth, async (request) =>
    listWebhookDeliveries(ctx.core, user(request), endpointId(request)),
  );

  app.post('/api/webhooks/deliveries/:id/resend', auth, async (request, reply) => {
    const id = pathId(request, 'id', DELIVERY_NOT_FOUND);
    const resent = await resendWebhookDelivery(ctx.core, user(request), id);
    await wake();
    return reply.status(202).send(resent);
  });
}
