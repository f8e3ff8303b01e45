import {
  contactCreateSchema,
  contactLeadStatusSchema,
  contactUpdateSchema,
  v1PageQuerySchema,
} from '@prospector/contracts';
import {
  CONTACT_NOT_FOUND,
  deleteContact,
  getContact,
  listContactsAfter,
  setLeadStatusAsUser,
  unsubscribeContactById,
  updateContact,
  upsertContact,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseFields } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { v1Route } from './v1-route';
import { contactPageSchema, contactSchema, deletedSchema } from './v1-schemas';

const tag = 'Contacts';
const contactId = (request: FastifyRequest) => pathId(request, 'id', CONTACT_NOT_FOUND);

/** /api/v1/contacts: the web app's contact use cases behind an API key. */
export async function v1ContactRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const read = 'contacts:read' as const;
  const write = 'contacts:write' as const;

  v1Route(
    app,
    {
      method: 'GET',
      path: '/contacts',
      tag,
      scope: read,
      summary: 'List contacts, newest first',
      query: v1PageQuerySchema,
      response: contactPageSchema,
    },
    async ({ request, userId }) =>
      listContactsAfter(ctx.core, userId, parseFields(v1PageQuerySchema, request.query)),
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/contacts',
      tag,
      scope: write,
      summary: 'Create a contact, or update the one with this email',
      body: contactCreateSchema,
      response: contactSchema,
    },
    async ({ request, reply, userId }) => {
      const input = parseFields(contactCreateSchema, request.body);
      const sent = new Set(Object.keys((request.body as object | null) ?? {}));
      const { contact, created } = await upsertContact(ctx.core, userId, input, sent);
      reply.status(created ? 201 : 200);
      return contact;
    },
  );

  v1Route(
    app,
    {
      method: 'GET',
      path: '/contacts/{id}',
      tag,
      scope: read,
      summary: 'Read a contact',
      response: contactSchema,
    },
    async ({ request, userId }) => getContact(ctx.core, userId, contactId(request)),
  );

  v1Route(
    app,
    {
      method: 'PATCH',
      path: '/contacts/{id}',
      tag,
      scope: write,
      summary: 'Update a contact',
      body: contactUpdateSchema,
      response: contactSchema,
    },
    async ({ request, userId }) =>
      updateContact(
        ctx.core,
        userId,
        contactId(request),
        parseFields(contactUpdateSchema, request.body),
        'api',
      ),
  );

  v1Route(
    app,
    {
      method: 'DELETE',
      path: '/contacts/{id}',
      tag,
      scope: write,
      summary: 'Delete a contact',
      response: deletedSchema,
    },
    async ({ request, userId }) => {
      await deleteContact(ctx.core, userId, contactId(request));
      return { success: true };
    },
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/contacts/{id}/unsubscribe',
      tag,
      scope: write,
      summary: 'Unsubscribe a contact (its sequences stop)',
      response: contactSchema,
    },
    async ({ request, userId }) => unsubscribeContactById(ctx.core, userId, contactId(request)),
  );

  v1Route(
    app,
    {
      method: 'PATCH',
      path: '/contacts/{id}/lead-status',
      tag,
      scope: write,
      summary: "Set a contact's lead status as the user (it wins over automatic statuses); null clears it",
      body: contactLeadStatusSchema,
      response: contactSchema,
    },
    async ({ request, userId }) => {
      const id = contactId(request);
      const { leadStatus } = parseFields(contactLeadStatusSchema, request.body);
      await setLeadStatusAsUser(ctx.core, userId, id, leadStatus);
      return getContact(ctx.core, userId, id);
    },
  );
}
