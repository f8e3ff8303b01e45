import {
  importContactsSchema,
  moveContactsSchema,
  personaContactLinkSchema,
  personaContactsQuerySchema,
  personaInputSchema,
  personaUpdateSchema,
} from '@prospector/contracts';
import {
  addPersonaContact,
  CONTACT_NOT_FOUND,
  createPersona,
  deletePersona,
  getPersona,
  importContacts,
  listPersonaContacts,
  listPersonaSequences,
  listPersonas,
  listPersonaWorkflows,
  moveContacts,
  PERSONA_NOT_FOUND,
  removePersonaContact,
  updatePersona,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import { requestActor } from '../../http/request-actor';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** Email lists (personas in the data): spec section 7 "Contacts and email lists", plus the CSV import. */
export async function personaRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).workspaceId;
  const personaId = (request: FastifyRequest) => pathId(request, 'id', PERSONA_NOT_FOUND);

  app.get('/api/personas', auth, async (request) => listPersonas(ctx.core, user(request)));

  app.post('/api/personas', auth, async (request, reply) => {
    const input = parseBody(personaInputSchema, request.body);
    return reply.status(201).send(await createPersona(ctx.core, user(request), requestActor(request), input));
  });

  app.get('/api/personas/:id', auth, async (request) =>
    getPersona(ctx.core, user(request), personaId(request)),
  );

  app.patch('/api/personas/:id', auth, async (request) => {
    const id = personaId(request);
    return updatePersona(ctx.core, user(request), id, parseBody(personaUpdateSchema, request.body));
  });

  app.delete('/api/personas/:id', auth, async (request) => {
    await deletePersona(ctx.core, ctx.queue, user(request), requestActor(request), personaId(request));
    return { success: true };
  });

  app.get('/api/personas/:id/contacts', auth, async (request) => {
    const id = personaId(request);
    return listPersonaContacts(
      ctx.core,
      user(request),
      id,
      parseBody(personaContactsQuerySchema, request.query),
    );
  });

  app.get('/api/personas/:id/sequences', auth, async (request) =>
    listPersonaSequences(ctx.core, user(request), personaId(request)),
  );

  app.get('/api/personas/:id/workflows', auth, async (request) =>
    listPersonaWorkflows(ctx.core, user(request), personaId(request)),
  );

  app.post('/api/personas/:id/contacts', auth, async (request, reply) => {
    const id = personaId(request);
    const { contactId } = parseBody(personaContactLinkSchema, request.body);
    const result = await addPersonaContact(ctx.core, user(request), id, contactId);
    return reply.status(result.added ? 201 : 200).send(result);
  });

  app.delete('/api/personas/:id/contacts/:contactId', auth, async (request) => {
    const id = personaId(request);
    const contactId = pathId(request, 'contactId', CONTACT_NOT_FOUND);
    await removePersonaContact(ctx.core, user(request), id, contactId);
    return { success: true };
  });

  app.post('/api/personas/:id/move-contacts', auth, async (request) => {
    const id = personaId(request);
    return moveContacts(ctx.core, user(request), id, parseBody(moveContactsSchema, request.body));
  });

  // Imported rows are cleaned, not refused: a stray control character from a spreadsheet costs no row.
  app.post('/api/personas/:id/import-contacts', { ...auth, config: { text: 'strip' } }, async (request) => {
    const id = personaId(request);
    const { rows, ...options } = parseBody(importContactsSchema, request.body);
    return importContacts(ctx.core, user(request), id, rows, options);
  });
}
