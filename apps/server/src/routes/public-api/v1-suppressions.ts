import { SUPPRESSION_MESSAGES, v1PageQuerySchema, v1SuppressionCreateSchema } from '@prospector/contracts';
import { addSuppression, liftSuppression, listSuppressionsAfter } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { parseFields } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { pages } from './v1-components';
import { v1Route } from './v1-route';
import { deletedSchema } from './v1-schemas';
import { suppressionSchema } from './v1-sync-schemas';

const tag = 'Suppressions';

/**
 * /api/v1/suppressions: the user's suppression list (decision 046), the same one the app keeps for
 * unsubscribes, complaints and hard bounces; what a key adds has the source `api`.
 */
export async function v1SuppressionRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  v1Route(
    app,
    {
      method: 'GET',
      path: '/suppressions',
      tag,
      scope: 'suppressions:read',
      operationId: 'listSuppressions',
      summary: 'List the suppression list, newest first',
      query: v1PageQuerySchema,
      responses: { 200: pages.suppressions },
    },
    async ({ request, workspaceId }) =>
      listSuppressionsAfter(ctx.core, workspaceId, parseFields(v1PageQuerySchema, request.query)),
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/suppressions',
      tag,
      scope: 'suppressions:write',
      operationId: 'addSuppression',
      summary: 'Suppress an address or a whole domain',
      description:
        'Adds `value` (one address, or a domain such as `example.com`) with the reason `manual` and the ' +
        'source `api`. Contacts it covers are suppressed at once: their sequences stop and nothing is sent ' +
        'to them; a contact created for it later is created suppressed. An entry already there is a 409.',
      body: v1SuppressionCreateSchema,
      bodyExample: { value: 'competitor.example', note: 'Do not contact' },
      responses: { 201: suppressionSchema },
    },
    async ({ request, workspaceId }) =>
      addSuppression(ctx.core, workspaceId, parseFields(v1SuppressionCreateSchema, request.body), 'api'),
  );

  v1Route(
    app,
    {
      method: 'DELETE',
      path: '/suppressions/{id}',
      tag,
      scope: 'suppressions:write',
      operationId: 'liftSuppression',
      summary: 'Lift a suppression',
      description:
        'Lifts an entry added by hand (in the app or the API): the contacts no other entry covers can be ' +
        'emailed again (their stopped sequences stay stopped). What the contact did (an unsubscribe, a ' +
        'complaint, a hard bounce) cannot be lifted: a 409.',
      responses: { 200: deletedSchema },
      errors: ['CONFLICT'],
    },
    async ({ request, workspaceId }) => {
      await liftSuppression(ctx.core, workspaceId, pathId(request, 'id', SUPPRESSION_MESSAGES.notFound));
      return { success: true };
    },
  );
}
