import { personaInputSchema, v1ListMemberSchema, v1PageQuerySchema } from '@prospector/contracts';
import {
  addPersonaContact,
  CONTACT_NOT_FOUND,
  createPersona,
  deletePersona,
  getPersona,
  listPersonaContactsAfter,
  listPersonas,
  PERSONA_NOT_FOUND,
  pageInMemory,
  removePersonaContact,
  updatePersona,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseFields } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { pathId } from '../../http/route-params';
import { v1UpdateListSchema } from './v1-authoring-schemas';
import { pages } from './v1-components';
import { byCreation } from './v1-pages';
import { v1Route } from './v1-route';
import { deletedSchema, EXAMPLE_IDS, listMembershipSchema, listSchema } from './v1-schemas';

const tag = 'Email lists';
const listId = (request: FastifyRequest) => pathId(request, 'id', PERSONA_NOT_FOUND);

/** /api/v1/lists: email lists and their members, over the web app's use cases. */
export async function v1ListRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const read = 'contacts:read' as const;
  const write = 'contacts:write' as const;

  v1Route(
    app,
    {
      method: 'GET',
      path: '/lists',
      tag,
      scope: read,
      operationId: 'listEmailLists',
      summary: 'List email lists, newest first',
      query: v1PageQuerySchema,
      responses: { 200: pages.lists },
    },
    async ({ request, workspaceId }) =>
      pageInMemory(
        await listPersonas(ctx.core, workspaceId),
        parseFields(v1PageQuerySchema, request.query),
        byCreation,
      ),
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/lists',
      tag,
      scope: write,
      operationId: 'createEmailList',
      summary: 'Create an email list',
      body: personaInputSchema,
      bodyExample: { name: 'London CTOs', industry: 'Software', jobTitle: 'CTO', location: 'London' },
      responses: { 201: listSchema },
    },
    async ({ request, workspaceId, actor }) =>
      createPersona(ctx.core, workspaceId, actor, parseFields(personaInputSchema, request.body)),
  );

  v1Route(
    app,
    {
      method: 'GET',
      path: '/lists/{id}',
      tag,
      scope: read,
      operationId: 'getEmailList',
      summary: 'Read an email list',
      responses: { 200: listSchema },
    },
    async ({ request, workspaceId }) => getPersona(ctx.core, workspaceId, listId(request)),
  );

  v1Route(
    app,
    {
      method: 'PATCH',
      path: '/lists/{id}',
      tag,
      scope: write,
      operationId: 'updateEmailList',
      summary: 'Change an email list',
      description: 'Any of its fields; a field that is sent must still be filled in.',
      body: v1UpdateListSchema,
      bodyExample: { name: 'London CTOs (2026)' },
      responses: { 200: listSchema },
    },
    async ({ request, workspaceId }) =>
      updatePersona(ctx.core, workspaceId, listId(request), parseFields(v1UpdateListSchema, request.body)),
  );

  v1Route(
    app,
    {
      method: 'DELETE',
      path: '/lists/{id}',
      tag,
      scope: write,
      operationId: 'deleteEmailList',
      summary: 'Delete an email list',
      description:
        'The list goes at once, whatever its size; its contacts stay (in Contacts, their other lists and ' +
        'their sequences) and sequences that used it lose the link. Its memberships are removed in the ' +
        'background.',
      responses: { 200: deletedSchema },
    },
    async ({ request, workspaceId, actor }) => {
      await deletePersona(ctx.core, ctx.queue, workspaceId, actor, listId(request));
      return { success: true };
    },
  );

  v1Route(
    app,
    {
      method: 'GET',
      path: '/lists/{id}/contacts',
      tag,
      scope: read,
      operationId: 'listEmailListContacts',
      summary: "List an email list's contacts, the most recently added first",
      query: v1PageQuerySchema,
      responses: { 200: pages.contacts },
    },
    async ({ request, workspaceId }) =>
      listPersonaContactsAfter(
        ctx.core,
        workspaceId,
        listId(request),
        parseFields(v1PageQuerySchema, request.query),
      ),
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/lists/{id}/contacts',
      tag,
      scope: write,
      operationId: 'addContactToList',
      summary: 'Add a contact to an email list',
      description: 'Adds one of your contacts to the list: 201 when added, 200 when it was already there.',
      body: v1ListMemberSchema,
      bodyExample: { contactId: EXAMPLE_IDS.contact },
      responses: { 201: listMembershipSchema, 200: listMembershipSchema },
    },
    async ({ request, reply, workspaceId }) => {
      const { contactId } = parseFields(v1ListMemberSchema, request.body);
      const result = await addPersonaContact(ctx.core, workspaceId, listId(request), contactId);
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
      operationId: 'removeContactFromList',
      summary: 'Remove a contact from an email list',
      description: 'The contact itself stays.',
      responses: { 200: deletedSchema },
    },
    async ({ request, workspaceId }) => {
      const contactId = pathId(request, 'contactId', CONTACT_NOT_FOUND);
      await removePersonaContact(ctx.core, workspaceId, listId(request), contactId);
      return { success: true };
    },
  );
}
