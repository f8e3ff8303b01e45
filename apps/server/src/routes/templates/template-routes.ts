import {
  createTemplateSchema,
  plainTextSchema,
  previewTemplateSchema,
  queuedEmailsQuerySchema,
  sendTestEmailSchema,
  updateTemplateSchema,
} from '@prospector/contracts';
import {
  countQueuedEmails,
  createTemplate,
  deleteTemplate,
  getTemplate,
  htmlToPlainText,
  listRenderContacts,
  listTemplates,
  previewTemplate,
  sendTestEmail,
  TEMPLATE_NOT_FOUND,
  updateTemplate,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { requestActor } from '../../http/request-actor';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';
import { templateAiRoutes } from './template-ai-routes';

const idOf = (request: FastifyRequest) => pathId(request, 'id', TEMPLATE_NOT_FOUND);

/** Templates (spec section 7): CRUD, preview, the derived plain text, test sends and the AI writer. */
export async function templateRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).workspaceId;

  app.get('/api/templates', auth, async (request) => listTemplates(ctx.core, user(request)));

  app.post('/api/templates', auth, async (request, reply) => {
    const input = parseBody(createTemplateSchema, request.body);
    return reply
      .status(201)
      .send(await createTemplate(ctx.core, user(request), requestActor(request), input));
  });

  app.post('/api/templates/preview', auth, async (request) =>
    previewTemplate(
      ctx.core,
      user(request),
      parseBody(previewTemplateSchema, request.body),
      ctx.config.appUrl,
    ),
  );

  app.get('/api/templates/render-contacts', auth, async (request) =>
    listRenderContacts(ctx.core, user(request)),
  );

  app.post('/api/templates/plain-text', auth, async (request) => ({
    plainTextBody: htmlToPlainText(parseBody(plainTextSchema, request.body).htmlBody),
  }));

  app.get('/api/templates/:id', auth, async (request) => getTemplate(ctx.core, user(request), idOf(request)));

  app.patch('/api/templates/:id', auth, async (request) => {
    const input = parseBody(updateTemplateSchema, request.body);
    return updateTemplate({ ...ctx.core, appUrl: ctx.config.appUrl }, user(request), idOf(request), input);
  });

  app.delete('/api/templates/:id', auth, async (request) => {
    await deleteTemplate(ctx.core, user(request), requestActor(request), idOf(request));
    return { success: true };
  });

  app.get('/api/templates/:id/queued-emails', auth, async (request) => {
    const { stepId } = parseBody(queuedEmailsQuerySchema, request.query);
    return countQueuedEmails(ctx.core, user(request), idOf(request), stepId);
  });

  app.post('/api/templates/:id/send-test', auth, async (request) => {
    const input = parseBody(sendTestEmailSchema, request.body);
    return sendTestEmail(ctx.core, user(request), idOf(request), input, ctx.config.appUrl);
  });

  await templateAiRoutes(app, ctx);
}
