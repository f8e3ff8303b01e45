import { pageQuerySchema, personaInputSchema, v1ListMemberSchema } from '@prospector/contracts';
import {
  addPersonaContact,
  CONTACT_NOT_FOUND,
  createPersona,
  getPersona,
  listPersonaContacts,
  listPersonas,
  PERSONA_NOT_FOUND,
  removePersonaContact,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseFields } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { v1Route } from './v1-route';
import { deletedSchema, listSchema } from './v1-schemas';

const tag = 'Email lists';
const listId = (request: FastifyRequest) => pathId(request, 'id', PERSONA_NOT_FOUND);

/** /api/v1/lists: email lists and their members, over the web app's use cases. */
export async function v1ListRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const read = 'contacts:read' as const;
  const write = 'contacts:write' as const;

  v1Route(
    app,
    { method: 'GET', path: '/lists', tag, scope: read, summary: 'List email lists' },
    async ({ userId }) => ({
      data: await listPersonas(ctx.core, userId),
    }),
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/lists',
      tag,
      scope: write,
      summary: 'Create an email list',
      body: personaInputSchema,
      response: listSchema,
      status: 201,
    },
    async ({ request, userId }) =>
      createPersona(ctx.core, userId, parseFields(personaInputSchema, request.body)),
  );

  v1Route(
    app,
    {
      method: 'GET',
      path: '/lists/{id}',
      tag,
      scope: read,
      summary: 'Read an email list',
      response: listSchema,
    },
    async ({ request, userId }) => getPersona(ctx.core, userId, listId(request)),
  );

  v1Route(
    app,
    {
      method: 'GET',
      path: '/lists/{id}/contacts',
      tag,
      scope: read,
      summary: "List an email list's members",
      query: pageQuerySchema,
    },
    async ({ request, userId }) =>
      listPersonaContacts(ctx.core, userId, listId(request), parseFields(pageQuerySchema, request.query)),
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/lists/{id}/contacts',
      tag,
      scope: write,
      summary: 'Add a contact to an email list',
      body: v1ListMemberSchema,
    },
    async ({ request, reply, userId }) => {
      const { contactId } = parseFields(v1ListMemberSchema, request.body);
      const result = await addPersonaContact(ctx.core, userId, listId(request), contactId);
      reply.status(result.added ? 201 : 200);
      return result;
    },
  );

  v1Route(
    app,
    {
      method: 'DELETE',
      path: '/lists/{id}/contacts/{contactId}',
      tag,
      scope: write,
      summary: 'Remove a contact from an email list',
      response: deletedSchema,
    },
    async ({ request, userId }) => {
      const contactId = pathId(request, 'contactId', CONTACT_NOT_FOUND);
      await removePersonaContact(ctx.core, userId, listId(request), contactId);
      return { success: true };
    },
  );
}
