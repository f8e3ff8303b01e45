import { type CsvImportRow, KNOWN_EMAILS_SHOWN } from '@prospector/contracts';
import { contacts, personaContacts } from '@prospector/db';
import { type SQL, sql } from 'drizzle-orm';
import type { PersonaRow } from '../personas/persona-store';
import {
  SUPPRESSED_FLAG_COLUMNS,
  SUPPRESSED_FLAG_VALUES,
  suppressionJoin,
} from '../suppressions/suppression-sql';
import { contactEventCtes, CONTACT_EVENT_COLUMNS as EVENT_COLUMNS } from '../webhooks/contact-events';
import { contactValues, STAGED_COLUMNS, type StagedColumn } from './contact-values';

/**
 * The one statement a batch costs: the rows arrive as one array per column (14 parameters whatever the
 * batch size, so there is no parameter limit and one parse), new contacts are inserted with ON CONFLICT
 * DO NOTHING (an address the suppression list covers is created unsubscribed, bounced or suppressed as its
 * entry says, decision 046; the unique (workspace_id, lower(email)) and (workspace_id, apollo_id) indexes decide duplicates,
 * race-free), and both the new and the already known contacts are linked to the list (the known ones
 * newly linked are counted and the first named, for the import's summary). Rows keep the file's
 * order through created_at, of the contact and of the link (a microsecond apart), but are written in address order and linked in id order:
 * two batches in flight at once then take their row locks in the same order and cannot deadlock.
 */
export function bulkInsertSql(input: {
  workspaceId: string;
  persona: PersonaRow;
  now: Date;
  columns: ImportColumns;
  /** Known addresses get the row's custom fields merged in (asked for by the user, never by default). */
  updateExisting?: boolean;
}): SQL {
  const { workspaceId, persona, columns: c } = input;
  const now = sql`${input.now.toISOString()}::timestamptz`;
  return sql`with input as (
      select * from unnest(${c.email}, ${c.firstName}, ${c.lastName}, ${c.name}, ${c.title},
        ${c.organizationName}, ${c.headline}, ${c.city}, ${c.state}, ${c.country}, ${c.linkedinUrl},
        ${c.apolloId}, ${c.organization}, ${c.customFields}, ${c.timezone}) with ordinality
        as t(email, first_name, last_name, name, title, organization_name, headline, city, state, country,
          linkedin_url, apollo_id, organization, custom_fields, timezone, ord)
    ), inserted as (
      insert into ${contacts} (workspace_id, email, first_name, last_name, name, title, organization_name,
        headline, city, state, country, linkedin_url, apollo_id, organization, custom_fields, metadata,
        persona_id, persona_industry, timezone, created_at, updated_at, ${sql.raw(SUPPRESSED_FLAG_COLUMNS)})
      select ${workspaceId}, email, first_name, last_name, name, title, organization_name, headline, city, state,
        country, linkedin_url, apollo_id, organization::jsonb, coalesce(custom_fields::jsonb, '{}'::jsonb),
        '{"source":"csv"}'::jsonb, ${persona.id},
        ${persona.industry}, timezone, ${now} + ord * interval '1 microsecond', ${now},
        ${sql.raw(SUPPRESSED_FLAG_VALUES)}
      from input ${suppressionJoin(workspaceId, 'input.email')} order by lower(email)
      on conflict do nothing
      returning id, created_at, status, created_at as contact_created_at, lower(email) as address, ${sql.raw(EVENT_COLUMNS)}
    ), ${contactEventCtes({ type: 'contact.created', rows: 'inserted', when: now, source: 'csv_import', name: 'created_events' })}, not_inserted as materialized (
      select i.* from input i where not exists (select 1 from inserted n where n.address = lower(i.email))
    ), known as (
      -- For the rows not inserted, one probe of the (workspace_id, lower(email)) index per row. LIMIT 1 and the
      -- lock keep the planner from turning this into a hash join over all of the user's contacts, which
      -- grows with every batch of a large import; on an empty table any index on workspace_id looks as cheap,
      -- hence the rows inserted just now are left out first. Locked as a status change locks it, so the
      -- link's copy of the status (decision 042) stays true.
      select c.id, c.workspace_id, ${now} + i.ord * interval '1 microsecond' as created_at, c.status,
        c.contact_created_at, c.email, i.custom_fields
      from not_inserted i cross join lateral (
        select id, workspace_id, status, created_at as contact_created_at, email from ${contacts}
        where workspace_id = ${workspaceId} and lower(email) = lower(i.email)
        limit 1 for no key update
      ) c
    ), ${input.updateExisting ? updateKnownSql(now) : sql`updated as (select 1)`}, linked as (
      insert into ${personaContacts} (persona_id, contact_id, workspace_id, created_at, contact_status,
        contact_created_at)
      select ${persona.id}, id, ${workspaceId}, created_at, status, contact_created_at
      from (select id, created_at, status, contact_created_at from inserted
        union all select id, created_at, status, contact_created_at from known) s
      order by id
      on conflict do nothing
      returning contact_id, created_at
    ), known_added as (
      -- Links made now to contacts that existed before this statement: known addresses new to the list.
      select k.email, l.created_at from linked l join known k on k.id = l.contact_id
    )
    select (select count(*) from inserted)::int as inserted,
      (select count(*) from known_added)::int as known_added,
      (select array_agg(email order by created_at) from (
        select email, created_at from known_added order by created_at limit ${KNOWN_EMAILS_SHOWN}
      ) shown) as known_emails`;
}

/**
 * Merges each known contact's custom fields with the row's (the row's values win); new contacts, and known
 * ones that have the row's fields already, untouched.
 */
function updateKnownSql(now: SQL): SQL {
  return sql`updated as (
      update ${contacts} c set custom_fields = c.custom_fields || k.custom_fields::jsonb, updated_at = ${now}
      from known k
      where c.id = k.id and c.workspace_id = k.workspace_id and k.custom_fields is not null
        and not c.custom_fields @> k.custom_fields::jsonb
      returning c.id, ${sql.raw(EVENT_COLUMNS.replace(/(\w+)/g, 'c.$1'))}
    ), ${contactEventCtes({ type: 'contact.updated', rows: 'updated', when: now, source: 'csv_import', name: 'updated_events', changedFields: sql`array['customFields']` })}`;
}

/** Column arrays for unnest: one array per column, nulls where a row has no value. */
export function toColumns(given: CsvImportRow[]) {
  const rows = given.map(contactValues);
  const pick = (column: StagedColumn) => {
    const index = STAGED_COLUMNS.indexOf(column);
    return sql`${sql.param(rows.map((values) => values[index]))}::text[]`;
  };
  return {
    email: pick('email'),
    firstName: pick('first_name'),
    lastName: pick('last_name'),
    name: pick('name'),
    title: pick('title'),
    organizationName: pick('organization_name'),
    headline: pick('headline'),
    city: pick('city'),
    state: pick('state'),
    country: pick('country'),
    linkedinUrl: pick('linkedin_url'),
    apolloId: pick('apollo_id'),
    customFields: pick('custom_fields'),
    timezone: pick('timezone'),
    organization: pick('organization'),
  };
}
export type ImportColumns = ReturnType<typeof toColumns>;
