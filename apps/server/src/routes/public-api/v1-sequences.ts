import { enrollContactsSchema } from '@prospector/contracts';
import {
  enrollContacts,
  getSequence,
  launchSequence,
  listSequences,
  pauseSequence,
  SEQUENCE_NOT_FOUND,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseFields } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { engineDeps } from '../engine/engine-routes';
import { v1Route } from './v1-route';
import { sequenceSchema } from './v1-schemas';

const tag = 'Sequences';
const sequenceId = (request: FastifyRequest) => pathId(request, 'id', SEQUENCE_NOT_FOUND);

/** /api/v1/sequences: read, launch, pause and enrol contacts, as the sequence pages do. */
export async function v1SequenceRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const read = 'sequences:read' as const;
  const write = 'sequences:write' as const;

  v1Route(
    app,
    { method: 'GET', path: '/sequences', tag, scope: read, summary: 'List sequences' },
    async ({ userId }) => ({
      data: await listSequences(ctx.core, userId),
    }),
  );

  v1Route(
    app,
    {
      method: 'GET',
      path: '/sequences/{id}',
      tag,
      scope: read,
      summary: 'Read a sequence',
      response: sequenceSchema,
    },
    async ({ request, userId }) => getSequence(ctx.core, userId, sequenceId(request)),
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/sequences/{id}/launch',
      tag,
      scope: write,
      summary: 'Launch a sequence (enrols its lists)',
    },
    async ({ request, userId }) => launchSequence(engineDeps(ctx), userId, sequenceId(request)),
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/sequences/{id}/pause',
      tag,
      scope: write,
      summary: 'Pause a sequence',
      response: sequenceSchema,
    },
    async ({ request, userId }) => pauseSequence(ctx.core, userId, sequenceId(request)),
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/sequences/{id}/contacts',
      tag,
      scope: write,
      summary: 'Enrol contacts in a sequence directly',
      body: enrollContactsSchema,
    },
    async ({ request, userId }) =>
      enrollContacts(
        engineDeps(ctx),
        userId,
        sequenceId(request),
        parseFields(enrollContactsSchema, request.body),
      ),
  );
}
