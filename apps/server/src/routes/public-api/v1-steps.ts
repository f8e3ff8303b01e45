import { STEP_NOT_FOUND } from '@prospector/contracts';
import {
  createStep,
  deleteStep,
  listSteps,
  pageInOrder,
  SEQUENCE_NOT_FOUND,
  updateStep,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseFields } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import {
  stepSchema,
  v1CreateStepSchema,
  v1PageOnlyQuerySchema,
  v1UpdateStepSchema,
} from './v1-authoring-schemas';
import { pages } from './v1-components';
import { v1Route } from './v1-route';
import { deletedSchema, EXAMPLE_IDS } from './v1-schemas';

const tag = 'Sequences';
const sequenceId = (request: FastifyRequest) => pathId(request, 'id', SEQUENCE_NOT_FOUND);
const stepId = (request: FastifyRequest) => pathId(request, 'stepId', STEP_NOT_FOUND);
const RULES =
  'The same rules and messages as the sequence editor: a send step needs a template, a wait step its ' +
  'time and unit, an add-to-list step its list; a pointer names a later step of this sequence or null ' +
  "('End sequence'); a same-day send time must still be ahead in the sequence's time zone.";

/** /api/v1/sequences/{id}/steps: a sequence's steps, over the sequence editor's use cases. */
export async function v1StepRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const read = 'sequences:read' as const;
  const write = 'sequences:write' as const;

  v1Route(
    app,
    {
      method: 'GET',
      path: '/sequences/{id}/steps',
      tag,
      scope: read,
      operationId: 'listSequenceSteps',
      summary: "List a sequence's steps in their order",
      query: v1PageOnlyQuerySchema,
      responses: { 200: pages.steps },
    },
    async ({ request, workspaceId }) => {
      const query = parseFields(v1PageOnlyQuerySchema, request.query);
      return pageInOrder(await listSteps(ctx.core, workspaceId, sequenceId(request)), query);
    },
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/sequences/{id}/steps',
      tag,
      scope: write,
      operationId: 'createSequenceStep',
      summary: 'Add a step at the end of a sequence',
      description:
        `${RULES} Left-out fields take the editor's defaults: name 'Step n', a day after the previous ` +
        "step (the first: the same day), the next valid send time, a 48-hour reaction window, the sequence's " +
        'skipWeekends.',
      body: v1CreateStepSchema,
      bodyExample: { stepType: 'send_email', templateId: EXAMPLE_IDS.template, delayDays: 2, sendHour: 9 },
      responses: { 201: stepSchema },
    },
    async ({ request, workspaceId }) => {
      const input = parseFields(v1CreateStepSchema, request.body);
      return createStep(ctx.core, workspaceId, sequenceId(request), input);
    },
  );

  v1Route(
    app,
    {
      method: 'PATCH',
      path: '/sequences/{id}/steps/{stepId}',
      tag,
      scope: write,
      operationId: 'updateSequenceStep',
      summary: 'Change a step',
      description: `${RULES} A step's type cannot change. A new template reaches the step's emails already queued.`,
      body: v1UpdateStepSchema,
      bodyExample: { name: 'Follow-up', delayDays: 3 },
      responses: { 200: stepSchema },
    },
    async ({ request, workspaceId }) => {
      const input = parseFields(v1UpdateStepSchema, request.body);
      const deps = { ...ctx.core, appUrl: ctx.config.appUrl };
      return updateStep(deps, workspaceId, stepId(request), input, sequenceId(request));
    },
  );

  v1Route(
    app,
    {
      method: 'DELETE',
      path: '/sequences/{id}/steps/{stepId}',
      tag,
      scope: write,
      operationId: 'deleteSequenceStep',
      summary: 'Delete a step',
      description:
        'Refused (409) while contacts wait on it. Pointers to it become End sequence and later steps move up.',
      errors: ['CONFLICT'],
      responses: { 200: deletedSchema },
    },
    async ({ request, workspaceId }) => {
      await deleteStep(ctx.core, workspaceId, stepId(request), sequenceId(request));
      return { success: true };
    },
  );
}
