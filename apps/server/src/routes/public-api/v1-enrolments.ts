import {
  CONTACT_NOT_FOUND,
  enrolContact,
  listSequenceEnrolments,
  SEQUENCE_NOT_FOUND,
  stopEnrolment,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseFields } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { engineDeps } from '../engine/engine-routes';
import {
  sequenceEnrolmentSchema,
  v1EnrolContactSchema,
  v1EnrolmentsQuerySchema,
} from './v1-authoring-schemas';
import { pages } from './v1-components';
import { v1Route } from './v1-route';
import { EXAMPLE_IDS } from './v1-schemas';

const tag = 'Sequences';
const sequenceId = (request: FastifyRequest) => pathId(request, 'id', SEQUENCE_NOT_FOUND);

/** /api/v1/sequences/{id}/enrolments: one contact at a time in and out of a sequence, and the list of them. */
export async function v1EnrolmentRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  v1Route(
    app,
    {
      method: 'GET',
      path: '/sequences/{id}/enrolments',
      tag,
      scope: 'sequences:read',
      operationId: 'listSequenceEnrolments',
      summary: "List a sequence's enrolments, the most recent first",
      description: 'Each with the step it is at and its state; `status` keeps one state.',
      query: v1EnrolmentsQuerySchema,
      responses: { 200: pages.enrolments },
    },
    async ({ request, workspaceId }) =>
      listSequenceEnrolments(
        ctx.core,
        workspaceId,
        sequenceId(request),
        parseFields(v1EnrolmentsQuerySchema, request.query),
      ),
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/sequences/{id}/enrolments',
      tag,
      scope: 'sequences:write',
      operationId: 'enrolContact',
      summary: 'Enrol one contact in a sequence',
      description:
        'With the checks of a launch, each refusal a code: `ALREADY_ENROLLED`, `CONTACT_UNSUBSCRIBED`, ' +
        '`CONTACT_SUPPRESSED`, `CONTACT_BOUNCED`, `CONTACT_BLACKLISTED`, `IN_OTHER_SEQUENCE` (active in ' +
        'another sequence, when this one was launched without such contacts), `CONTACT_LIMIT_REACHED`, ' +
        "`EXCLUDED_FROM_SEQUENCE` (taken out by the launch's list check): 409; in a running sequence, a " +
        'variable its emails use that the contact has no value for: 422 `MISSING_VARIABLES` (or ' +
        '`UNKNOWN_VARIABLES`). In a running sequence the contact starts at once, as a launch starts it; in a ' +
        'draft or paused one it waits for the launch or the resume.',
      body: v1EnrolContactSchema,
      bodyExample: { contactId: EXAMPLE_IDS.contact },
      errors: [
        'ALREADY_ENROLLED',
        'CONTACT_UNSUBSCRIBED',
        'CONTACT_SUPPRESSED',
        'CONTACT_BOUNCED',
        'CONTACT_BLACKLISTED',
        'IN_OTHER_SEQUENCE',
        'CONTACT_LIMIT_REACHED',
        'EXCLUDED_FROM_SEQUENCE',
        'MISSING_VARIABLES',
        'UNKNOWN_VARIABLES',
      ],
      responses: { 201: sequenceEnrolmentSchema },
    },
    async ({ request, workspaceId }) => {
      const { contactId } = parseFields(v1EnrolContactSchema, request.body);
      return enrolContact(engineDeps(ctx), workspaceId, sequenceId(request), contactId);
    },
  );

  v1Route(
    app,
    {
      method: 'DELETE',
      path: '/sequences/{id}/enrolments/{contactId}',
      tag,
      scope: 'sequences:write',
      operationId: 'stopEnrolment',
      summary: "Stop a contact's enrolment",
      description:
        'The enrolment ends as `stopped` and its scheduled emails are cancelled; the contact stays, and ' +
        'its enrolments in other sequences go on. An enrolment that has already ended is answered as it is.',
      responses: { 200: sequenceEnrolmentSchema },
    },
    async ({ request, workspaceId }) => {
      const contactId = pathId(request, 'contactId', CONTACT_NOT_FOUND);
      return stopEnrolment(ctx.core, workspaceId, sequenceId(request), contactId);
    },
  );
}
