import { enrollContactsSchema, v1PageQuerySchema } from '@prospector/contracts';
import {
  activateSequence,
  createSequence,
  enrollContacts,
  getSequence,
  getSequenceAnalytics,
  launchSequence,
  listSequences,
  pageInMemory,
  pauseSequence,
  SEQUENCE_NOT_FOUND,
  updateSequence,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseFields } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { engineDeps } from '../engine/engine-routes';
import { sequenceAnalyticsSchema } from './v1-analytics-schemas';
import { v1CreateSequenceSchema, v1UpdateSequenceSchema } from './v1-authoring-schemas';
import { pages } from './v1-components';
import { byCreation } from './v1-pages';
import { v1Route } from './v1-route';
import { EXAMPLE_IDS, enrolmentSchema, launchSchema, sequenceSchema } from './v1-schemas';

const tag = 'Sequences';
const sequenceId = (request: FastifyRequest) => pathId(request, 'id', SEQUENCE_NOT_FOUND);

/** /api/v1/sequences: create, change, read, launch, pause and resume, and enrol contacts, as the sequence pages do. */
export async function v1SequenceRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const read = 'sequences:read' as const;
  const write = 'sequences:write' as const;

  v1Route(
    app,
    {
      method: 'GET',
      path: '/sequences',
      tag,
      scope: read,
      operationId: 'listSequences',
      summary: 'List sequences, newest first',
      query: v1PageQuerySchema,
      responses: { 200: pages.sequences },
    },
    async ({ request, workspaceId }) =>
      pageInMemory(
        await listSequences(ctx.core, workspaceId),
        parseFields(v1PageQuerySchema, request.query),
        byCreation,
      ),
  );

  v1Route(
    app,
    {
      method: 'GET',
      path: '/sequences/{id}',
      tag,
      scope: read,
      operationId: 'getSequence',
      summary: 'Read a sequence',
      responses: { 200: sequenceSchema },
    },
    async ({ request, workspaceId }) => getSequence(ctx.core, workspaceId, sequenceId(request)),
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/sequences',
      tag,
      scope: write,
      operationId: 'createSequence',
      summary: 'Create a sequence',
      description:
        'A draft, with the same rules and messages as the new-sequence form. Add its steps, enrol contacts, ' +
        'then resume it to launch it.',
      body: v1CreateSequenceSchema,
      bodyExample: { name: 'Q3 outreach', timezone: 'Europe/London', skipWeekends: true },
      responses: { 201: sequenceSchema },
    },
    async ({ request, workspaceId, actor }) =>
      createSequence(ctx.core, workspaceId, actor, parseFields(v1CreateSequenceSchema, request.body)),
  );

  v1Route(
    app,
    {
      method: 'PATCH',
      path: '/sequences/{id}',
      tag,
      scope: write,
      operationId: 'updateSequence',
      summary: "Change a sequence's settings",
      description:
        "Any of its settings, with the sequence page's rules (turning skipWeekends on or off applies to " +
        'every step). Its status changes through pause and resume.',
      body: v1UpdateSequenceSchema,
      bodyExample: { name: 'Q3 outreach (UK)', contactLimit: 500 },
      responses: { 200: sequenceSchema },
    },
    async ({ request, workspaceId }) =>
      updateSequence(
        ctx.core,
        workspaceId,
        sequenceId(request),
        parseFields(v1UpdateSequenceSchema, request.body),
      ),
  );

  v1Route(
    app,
    {
      method: 'GET',
      path: '/sequences/{id}/analytics',
      tag,
      scope: read,
      operationId: 'getSequenceAnalytics',
      summary: "Read a sequence's figures",
      description:
        'The same figures as the sequence page, by one counting rule: each figure is a number of unique ' +
        'contacts (one who replied to two steps counts once in the totals and once on each step), a ' +
        'reply or a click counts as an open, and rates are over the contacts sent.',
      responses: { 200: sequenceAnalyticsSchema },
    },
    async ({ request, workspaceId }) => getSequenceAnalytics(ctx.core, workspaceId, sequenceId(request)),
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/sequences/{id}/launch',
      tag,
      scope: write,
      operationId: 'launchSequence',
      summary: 'Launch a sequence',
      description:
        'Starts the sequence and enrols every contact of its email lists not yet in it (skipping ' +
        'unsubscribed, suppressed, bounced and blacklisted contacts). Launching again enrols only new list ' +
        'members. A 400 says what the sequence still lacks (steps, a mailbox).',
      responses: { 200: launchSchema },
    },
    async ({ request, workspaceId, actor }) =>
      launchSequence(engineDeps(ctx), workspaceId, actor, sequenceId(request)),
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/sequences/{id}/pause',
      tag,
      scope: write,
      operationId: 'pauseSequence',
      summary: 'Pause a sequence',
      description: 'No email is sent until it is resumed (or launched again).',
      responses: { 200: sequenceSchema },
    },
    async ({ request, workspaceId, actor }) =>
      pauseSequence(ctx.core, workspaceId, actor, sequenceId(request)),
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/sequences/{id}/resume',
      tag,
      scope: write,
      operationId: 'resumeSequence',
      summary: 'Resume (or activate) a sequence',
      description:
        "As the sequence page's Activate: a paused sequence with enrolments still to go runs again; one " +
        'never launched, or whose every enrolment has ended, starts through the launch and its checks, ' +
        'refused with 422 `NOTHING_TO_SEND` (the reasons in `problems`) or `UNREACHABLE_STEPS` when it ' +
        'could send nothing.',
      errors: ['NOTHING_TO_SEND', 'UNREACHABLE_STEPS', 'MISSING_VARIABLES', 'UNKNOWN_VARIABLES'],
      responses: { 200: sequenceSchema },
    },
    async ({ request, workspaceId, actor }) =>
      activateSequence(engineDeps(ctx), workspaceId, actor, sequenceId(request)),
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/sequences/{id}/contacts',
      tag,
      scope: write,
      operationId: 'enrolContacts',
      summary: 'Enrol contacts in a sequence',
      description:
        'Enrols your contacts directly, skipping them by reason. In a running sequence they start at ' +
        'once; otherwise when it is launched.',
      body: enrollContactsSchema,
      bodyExample: { contactIds: [EXAMPLE_IDS.contact] },
      responses: { 200: enrolmentSchema },
    },
    async ({ request, workspaceId }) =>
      enrollContacts(
        engineDeps(ctx),
        workspaceId,
        sequenceId(request),
        parseFields(enrollContactsSchema, request.body),
      ),
  );
}
