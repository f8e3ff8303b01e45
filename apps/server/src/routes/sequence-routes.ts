import { enrollContactsSchema } from '@prospector/contracts';
import { enrollContacts, listSequences, SEQUENCE_NOT_FOUND } from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../http/parse-body';
import { requireSession, signedIn } from '../plugins/session-cookie';
import { pathId } from './contact-route-params';
import type { RouteContext } from './route-context';

/** Sequences: for now the list and enrolment the Add to Sequence dialog needs (issue 4). */
export async function sequenceRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).userId;

  app.get('/api/sequences', auth, async (request) => listSequences(ctx.core, user(request)));

  app.post('/api/sequences/:id/contacts', auth, async (request) => {
    const id = pathId(request, 'id', SEQUENCE_NOT_FOUND);
    return enrollContacts(ctx.core, user(request), id, parseBody(enrollContactsSchema, request.body));
  });
}
