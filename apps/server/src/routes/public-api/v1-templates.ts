import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  pageInMemory,
  TEMPLATE_NOT_FOUND,
  updateTemplate,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseFields } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import {
  templateSchema,
  v1CreateTemplateSchema,
  v1PageOnlyQuerySchema,
  v1UpdateTemplateSchema,
} from './v1-authoring-schemas';
import { pages } from './v1-components';
import { byCreation } from './v1-pages';
import { v1Route } from './v1-route';
import { deletedSchema } from './v1-schemas';

const tag = 'Templates';
const templateId = (request: FastifyRequest) => pathId(request, 'id', TEMPLATE_NOT_FOUND);
const RULES =
  'The same rules and messages as the template editor: a name and a subject, an HTML body for an html ' +
  'template, each within its length limit.';

/** /api/v1/templates: the email templates sequence steps send, over the web app's use cases. */
export async function v1TemplateRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const read = 'templates:read' as const;
  const write = 'templates:write' as const;

  v1Route(
    app,
    {
      method: 'GET',
      path: '/templates',
      tag,
      scope: read,
      operationId: 'listTemplates',
      summary: 'List templates, newest first',
      query: v1PageOnlyQuerySchema,
      responses: { 200: pages.templates },
    },
    async ({ request, workspaceId }) =>
      pageInMemory(
        await listTemplates(ctx.core, workspaceId),
        parseFields(v1PageOnlyQuerySchema, request.query),
        byCreation,
      ),
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/templates',
      tag,
      scope: write,
      operationId: 'createTemplate',
      summary: 'Create a template',
      description: RULES,
      body: v1CreateTemplateSchema,
      bodyExample: {
        name: 'First touch',
        subject: 'Quick question, {{first_name|there}}',
        htmlBody: '<p>Hi</p>',
      },
      responses: { 201: templateSchema },
    },
    async ({ request, workspaceId, actor }) =>
      createTemplate(ctx.core, workspaceId, actor, parseFields(v1CreateTemplateSchema, request.body)),
  );

  v1Route(
    app,
    {
      method: 'GET',
      path: '/templates/{id}',
      tag,
      scope: read,
      operationId: 'getTemplate',
      summary: 'Read a template',
      responses: { 200: templateSchema },
    },
    async ({ request, workspaceId }) => getTemplate(ctx.core, workspaceId, templateId(request)),
  );

  v1Route(
    app,
    {
      method: 'PATCH',
      path: '/templates/{id}',
      tag,
      scope: write,
      operationId: 'updateTemplate',
      summary: 'Change a template',
      description: `${RULES} Emails already queued with it are rendered again, so they go out as it now reads.`,
      body: v1UpdateTemplateSchema,
      bodyExample: { subject: 'A quick question, {{first_name|there}}' },
      responses: { 200: templateSchema },
    },
    async ({ request, workspaceId }) =>
      updateTemplate(
        { ...ctx.core, appUrl: ctx.config.appUrl },
        workspaceId,
        templateId(request),
        parseFields(v1UpdateTemplateSchema, request.body),
      ),
  );

  v1Route(
    app,
    {
      method: 'DELETE',
      path: '/templates/{id}',
      tag,
      scope: write,
      operationId: 'deleteTemplate',
      summary: 'Delete a template',
      description:
        'Refused (409) while a running or paused sequence sends it; the message names those sequences. ' +
        'Emails already scheduled keep their rendered copy.',
      errors: ['CONFLICT'],
      responses: { 200: deletedSchema },
    },
    async ({ request, workspaceId, actor }) => {
      await deleteTemplate(ctx.core, workspaceId, actor, templateId(request));
      return { success: true };
    },
  );
}
