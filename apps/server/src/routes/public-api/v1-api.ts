import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../../http/route-context';
import { openApiDocument } from './openapi';
import { registerApiKeyAuth } from './v1-auth';
import { v1ContactRoutes } from './v1-contacts';
import { v1ConversationRoutes } from './v1-conversations';
import { v1EnrolmentRoutes } from './v1-enrolments';
import { registerIdempotency } from './v1-idempotency';
import { v1ListRoutes } from './v1-lists';
import { v1Routes } from './v1-route';
import { v1SendRoutes } from './v1-sends';
import { v1SequenceRoutes } from './v1-sequences';
import { v1StepRoutes } from './v1-steps';
import { v1SuppressionRoutes } from './v1-suppressions';
import { v1TemplateRoutes } from './v1-templates';
import { v1WebhookRoutes } from './v1-webhooks';

/** The public API: /api/v1 behind API keys, and its OpenAPI document. */
export async function v1Api(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  registerApiKeyAuth(app, ctx.core, ctx.database, ctx.apiRateLimit, ctx.apiAuthFailureLimit);
  registerIdempotency(app, ctx.core);
  await v1ContactRoutes(app, ctx);
  await v1ListRoutes(app, ctx);
  await v1SequenceRoutes(app, ctx);
  await v1StepRoutes(app, ctx);
  await v1EnrolmentRoutes(app, ctx);
  await v1TemplateRoutes(app, ctx);
  await v1SendRoutes(app, ctx);
  await v1ConversationRoutes(app, ctx);
  await v1WebhookRoutes(app, ctx);
  await v1SuppressionRoutes(app, ctx);
  const document = openApiDocument(v1Routes, `${ctx.config.appUrl.replace(/\/$/, '')}/api/v1`);
  app.get('/api/v1/openapi.json', async () => document);
}
