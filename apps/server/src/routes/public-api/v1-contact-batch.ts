import {
  v1ContactBatchEnvelopeSchema,
  v1ContactBatchItemSchema,
  v1ContactBatchSchema,
} from '@prospector/contracts';
import { AppError, type BatchItem, upsertContactBatch } from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { parseFields } from '../../http/parse-body';
import type { RouteContext } from '../../http/route-context';
import { v1Route } from './v1-route';
import { refuseUnknownFields } from './v1-strict';
import { contactBatchSchema } from './v1-sync-schemas';

/** Each item parsed alone with the contact's contract: a bad one is an error result, not a failed batch. */
function parseItem(given: unknown): BatchItem {
  try {
    refuseUnknownFields(v1ContactBatchItemSchema, given, 'body');
    const values = parseFields(v1ContactBatchItemSchema, given);
    return { values, sent: Object.keys(given as object) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      error: { code: error.code, message: error.message, ...(error.fields && { errors: error.fields }) },
    };
  }
}

/** POST /api/v1/contacts/batch: up to 1,000 contacts upserted by email in one transaction. */
export function v1ContactBatchRoute(app: FastifyInstance, ctx: RouteContext): void {
  v1Route(
    app,
    {
      method: 'POST',
      path: '/contacts/batch',
      tag: 'Contacts',
      scope: 'contacts:write',
      operationId: 'upsertContactBatch',
      summary: 'Create or update up to 1,000 contacts by email',
      description:
        'Each item is a contact as `POST /contacts` takes it: the contact with its email (compared without ' +
        'case) is updated with the fields the item sends, or created. The batch is saved in one transaction; ' +
        'an item that fails (its `error` says why, as an error answer would) never fails the others. The ' +
        'results come in the order of `contacts`: `created`, `updated` (with `changedFields`), `unchanged` ' +
        'or `error`. `suppressed: true` when the suppression list covers the address: such a contact is ' +
        'never enrolled or emailed. With `listId`, every contact saved joins that list. `contact.created` ' +
        'and `contact.updated` webhook events follow, with `source: "api"`. A body is at most 1 MiB: send ' +
        'fewer contacts a request when each carries many custom fields.',
      body: v1ContactBatchSchema,
      knownBody: v1ContactBatchEnvelopeSchema,
      bodyExample: {
        contacts: [
          { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', tags: ['crm'] },
          { email: 'grace@example.com', title: 'Rear Admiral' },
        ],
      },
      responses: { 200: contactBatchSchema },
    },
    async ({ request, workspaceId }) => {
      const { contacts, listId } = parseFields(v1ContactBatchEnvelopeSchema, request.body);
      const results = await upsertContactBatch(ctx.core, workspaceId, {
        items: contacts.map(parseItem),
        listId,
      });
      return { results };
    },
  );
}
