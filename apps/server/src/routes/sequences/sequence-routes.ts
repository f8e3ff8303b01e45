import {
  addEmailListSchema,
  createSequenceSchema,
  enrollContactsSchema,
  updateSequenceSchema,
} from '@prospector/contracts';
import {
  activateSequence,
  addSequenceEmailList,
  cloneSequence,
  createSequence,
  deleteSequence,
  EMAIL_LIST_NOT_LINKED,
  enrollContacts,
  getSequence,
  listSequenceEmailLists,
  listSequences,
  pauseSequence,
  removeSequenceEmailList,
  SEQUENCE_NOT_FOUND,
  updateSequence,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { requestActor } from '../../http/request-actor';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';
import { engineDeps } from '../engine/engine-routes';

/**
 * Sequences (spec section 7, "Sequences and steps"): CRUD, clone, activate and pause, linked email lists,
 * and enrolment. The steps' routes are in step-routes.ts; launch is in engine-routes.ts.
 */
export async function sequenceRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).workspaceId;
  const sequenceId = (request: FastifyRequest) => pathId(request, 'id', SEQUENCE_NOT_FOUND);

  app.get('/api/sequences', auth, async (request) => listSequences(ctx.core, user(request)));

  app.post('/api/sequences', auth, async (request, reply) => {
    const input = parseBody(createSequenceSchema, request.body);
    return reply
      .status(201)
      .send(await createSequence(ctx.core, user(request), requestActor(request), input));
  });

  app.get('/api/sequences/:id', auth, async (request) =>
    getSequence(ctx.core, user(request), sequenceId(request)),
  );

  app.patch('/api/sequences/:id', auth, async (request) => {
    const id = sequenceId(request);
    return updateSequence(ctx.core, user(request), id, parseBody(updateSequenceSchema, request.body));
  });

  app.delete('/api/sequences/:id', auth, async (request) => {
    await deleteSequence(ctx.core, user(request), requestActor(request), sequenceId(request));
    return { success: true };
  });

  app.post('/api/sequences/:id/clone', auth, async (request, reply) => {
    const copy = await cloneSequence(ctx.core, user(request), requestActor(request), sequenceId(request));
    return reply.status(201).send(copy);
  });

  app.post('/api/sequences/:id/activate', auth, async (request) =>
    activateSequence(engineDeps(ctx), user(request), requestActor(request), sequenceId(request)),
  );

  app.post('/api/sequences/:id/pause', auth, async (request) =>
    pauseSequence(ctx.core, user(request), requestActor(request), sequenceId(request)),
  );

  app.get('/api/sequences/:id/email-lists', auth, async (request) =>
    listSequenceEmailLists(ctx.core, user(request), sequenceId(request)),
  );

  app.post('/api/sequences/:id/add-email-list', auth, async (request) => {
    const id = sequenceId(request);
    return addSequenceEmailList(ctx.core, user(request), id, parseBody(addEmailListSchema, request.body));
  });

  app.delete('/api/sequences/:id/email-lists/:personaId', auth, async (request) => {
    const id = sequenceId(request);
    const personaId = pathId(request, 'personaId', EMAIL_LIST_NOT_LINKED);
    await removeSequenceEmailList(ctx.core, user(request), id, personaId);
    return { success: true };
  });

  app.post('/api/sequences/:id/contacts', auth, async (request) => {
    const id = pathId(request, 'id', SEQUENCE_NOT_FOUND);
    return enrollContacts(engineDeps(ctx), user(request), id, parseBody(enrollContactsSchema, request.body));
  });
}
