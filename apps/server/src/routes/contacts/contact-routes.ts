import { contactCreateSchema, contactListQuerySchema, contactUpdateSchema } from '@prospector/contracts';
import {
  CONTACT_NOT_FOUND,
  contactActivity,
  contactIndustries,
  createContact,
  deleteContact,
  getContact,
  listContacts,
  updateContact,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseBody } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { requireSession, signedIn } from '../../plugins/session-cookie';

/** Contacts: the contacts page's list, and one contact's create, read, update and delete. */
export async function contactRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const auth = { preHandler: requireSession(ctx.core) };
  const user = (request: FastifyRequest) => signedIn(request).workspaceId;
  const contactId = (request: FastifyRequest) => pathId(request, 'id', CONTACT_NOT_FOUND);

  app.get('/api/contacts', auth, async (request) =>
    listContacts(ctx.core, user(request), parseBody(contactListQuerySchema, request.query)),
  );

  /** The industries the user's contacts have: the contacts page's industry filter options. */
  app.get('/api/contacts/industries', auth, async (request) => contactIndustries(ctx.core.db, user(request)));

  app.post('/api/contacts', auth, async (request, reply) => {
    const input = parseBody(contactCreateSchema, request.body);
    return reply.status(201).send(await createContact(ctx.core, user(request), input));
  });

  app.get('/api/contacts/:id', auth, async (request) =>
    getContact(ctx.core, user(request), contactId(request)),
  );

  /** The contact's profile: its lists, enrolments and timeline, newest first. */
  app.get('/api/contacts/:id/activity', auth, async (request) =>
    contactActivity(ctx.core, user(request), contactId(request)),
  );

  app.patch('/api/contacts/:id', auth, async (request) => {
    const id = contactId(request);
    return updateContact(ctx.core, user(request), id, parseBody(contactUpdateSchema, request.body));
  });

  app.delete('/api/contacts/:id', auth, async (request) => {
    await deleteContact(ctx.core, user(request), contactId(request));
    return { success: true };
  });
}
