import {
  contactCreateSchema,
  contactLeadStatusSchema,
  contactUpdateSchema,
  v1ContactsQuerySchema,
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
import { pages } from './v1-components';
import { v1ContactBatchRoute } from './v1-contact-batch';
import { v1Route } from './v1-route';
import { contactSchema, deletedSchema } from './v1-schemas';

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
      operationId: 'listContacts',
      summary: 'List contacts, newest first, or those changed since a time',
      description:
        'A page of contacts; new contacts added while you page do not move the pages you have yet to read. ' +
        '`email` finds the contact at an address. `updatedSince` lists the contacts changed at or after a ' +
        'time in the order they changed (`updatedAt`, then `id`), so a sync pages to the end and next time ' +
        'passes the last `updatedAt` it read (a contact changed in that same millisecond comes again); send ' +
        '`updatedSince` with each `cursor`. Deleted contacts are told by the `contact.deleted` webhook.',
      query: v1ContactsQuerySchema,
      responses: { 200: pages.contacts },
    },
    async ({ request, workspaceId }) =>
      listContactsAfter(ctx.core, workspaceId, parseFields(v1ContactsQuerySchema, request.query)),
  );

  v1Route(
    app,
    {
      method: 'POST',
      path: '/contacts',
      tag,
      scope: write,
      operationId: 'createContact',
      summary: 'Create a contact, or update the one with this email',
      description:
        'Creates the contact (201), or when one with this email exists, updates the fields you send and ' +
        'answers it (200). With an `Idempotency-Key`, a retry gets the first answer and status again.',
      body: contactCreateSchema,
      bodyExample: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', tags: ['crm'] },
      responses: { 201: contactSchema, 200: contactSchema },
      errors: ['DUPLICATE_EMAIL', 'INVALID_CUSTOM_FIELDS'],
    },
    async ({ request, reply, workspaceId }) => {
      const input = parseFields(contactCreateSchema, request.body);
      const sent = new Set(Object.keys((request.body as object | null) ?? {}));
      const { contact, created } = await upsertContact(ctx.core, workspaceId, input, sent);
      reply.status(created ? 201 : 200);
      return contact;
    },
  );

  v1ContactBatchRoute(app, ctx);

  v1Route(
    app,
    {
      method: 'GET',
      path: '/contacts/{id}',
      tag,
      scope: read,
      operationId: 'getContact',
      summary: 'Read a contact',
      responses: { 200: contactSchema },
    },
    async ({ request, workspaceId }) => getContact(ctx.core, workspaceId, contactId(request)),
  );

  v1Route(
    app,
    {
      method: 'PATCH',
      path: '/contacts/{id}',
      tag,
      scope: write,
      operationId: 'updateContact',
      summary: 'Update a contact',
      description: 'Changes only the fields you send.',
      body: contactUpdateSchema,
      bodyExample: { title: 'CTO', tags: ['crm', 'priority'] },
      responses: { 200: contactSchema },
      errors: ['DUPLICATE_EMAIL', 'CONFLICT', 'INVALID_CUSTOM_FIELDS'],
    },
    async ({ request, workspaceId }) =>
      updateContact(
        ctx.core,
        workspaceId,
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
      operationId: 'deleteContact',
      summary: 'Delete a contact',
      description: 'Deletes the contact with its list memberships and enrolments.',
      responses: { 200: deletedSchema },
    },
    async ({ request, workspaceId }) => {
      await deleteContact(ctx.core, workspaceId, contactId(request), 'api');
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
      operationId: 'unsubscribeContact',
      summary: 'Unsubscribe a contact',
      description:
        'Marks the contact unsubscribed (as its unsubscribe link does): its sequences stop and no email is ' +
        'sent to it again. Unsubscribing again changes nothing.',
      responses: { 200: contactSchema },
    },
    async ({ request, workspaceId }) => unsubscribeContactById(ctx.core, workspaceId, contactId(request)),
  );

  v1Route(
    app,
    {
      method: 'PATCH',
      path: '/contacts/{id}/lead-status',
      tag,
      scope: write,
      operationId: 'setContactLeadStatus',
      summary: "Set a contact's lead status",
      description:
        'Sets the lead status as the user: it wins over statuses set automatically. `null` clears it. ' +
        'A `contact.status_changed` webhook event follows when it changes.',
      body: contactLeadStatusSchema,
      bodyExample: { leadStatus: 'meeting_booked' },
      responses: { 200: contactSchema },
    },
    async ({ request, workspaceId }) => {
      const id = contactId(request);
      const { leadStatus } = parseFields(contactLeadStatusSchema, request.body);
      await setLeadStatusAsUser(ctx.core, workspaceId, id, leadStatus);
      return getContact(ctx.core, workspaceId, id);
    },
  );
}
