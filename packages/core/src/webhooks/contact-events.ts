import type { ContactChangeSource } from '@prospector/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from '../engine/engine-deps';
import { contactJson } from './event-json';
import { outboxCtes, outboxFromSelect } from './outbox';

/*
 * `contact.created`, `contact.updated` (with the names of the fields that changed) and `contact.deleted`,
 * whatever the door: each use case that creates, changes or deletes contacts writes them in its own
 * transaction, and the bulk ones (CSV import, Leads Finder, the API's batch) in the very statement that
 * writes the contacts, one set for all rows.
 */

export type ContactEventType = 'contact.created' | 'contact.updated' | 'contact.deleted';

/** The columns a changed row must carry for its contact event (a RETURNING list). */
export const CONTACT_EVENT_COLUMNS =
  'workspace_id, email, name, first_name, last_name, organization_name, custom_fields';

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The door a user's own change came through, as contact events name it. */
export const sourceOfDoor = (door: 'user' | 'api'): ContactChangeSource => (door === 'api' ? 'api' : 'app');

/** One contact's event, built from its row as it now is. */
export async function recordContactEvent(
  tx: Pick<Tx, 'execute'>,
  type: Exclude<ContactEventType, 'contact.deleted'>,
  input: {
    workspaceId: string;
    contactId: string;
    when: Date;
    source: ContactChangeSource;
    changedFields?: string[];
  },
): Promise<void> {
  const extra = input.changedFields ? { changedFields: input.changedFields } : {};
  await tx.execute(
    outboxFromSelect(sql`select c.workspace_id, ${type}::text as type, ${at(input.when)} as occurred_at,
      jsonb_build_object('contact', ${contactJson('c')}, 'source', ${input.source}::text)
        || ${JSON.stringify(extra)}::jsonb as data
      from contacts c where c.id = ${input.contactId}::uuid and c.workspace_id = ${input.workspaceId}::uuid`),
  );
}

/**
 * The outbox CTEs (to embed in the statement that changes the contacts) of one event per row of `rows`,
 * a CTE or table of the statement with the contact's columns (id, workspace_id, email, name, first_name,
 * last_name, organization_name, custom_fields). `changedFields` is SQL of a text[] per row, for updates.
 */
export function contactEventCtes(input: {
  type: ContactEventType;
  rows: string;
  when: SQL;
  source: ContactChangeSource;
  name: string;
  changedFields?: SQL;
}): SQL {
  const changed = input.changedFields
    ? sql` || jsonb_build_object('changedFields', to_jsonb(${input.changedFields}))`
    : sql``;
  const source = sql`select r.workspace_id, ${sql.raw(`'${input.type}'`)}::text as type, ${input.when} as occurred_at,
      jsonb_build_object('contact', ${contactJson('r')}, 'source', ${sql.raw(`'${input.source}'`)}::text)${changed} as data
      from ${sql.raw(input.rows)} r`;
  return outboxCtes(source, input.name);
}

const dialect = new PgDialect();

/** contactEventCtes as text, for a statement written as text; `when` is text SQL too (`$4::timestamptz`). */
export function contactEventCtesText(input: {
  type: ContactEventType;
  rows: string;
  when: string;
  source: ContactChangeSource;
  name: string;
  changedFields?: string;
}): string {
  const query = dialect.sqlToQuery(
    contactEventCtes({
      ...input,
      when: sql.raw(input.when),
      changedFields: input.changedFields === undefined ? undefined : sql.raw(input.changedFields),
    }),
  );
  if (query.params.length > 0) throw new Error('contact event CTEs as text take no parameters');
  return query.sql;
}
