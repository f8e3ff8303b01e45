import { type Lead, withNameParts } from '@prospector/contracts';
import { type AppDb, contacts, personaContacts } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';
import type { PersonaRow } from '../personas/persona-store';
import {
  SUPPRESSED_FLAG_COLUMNS,
  SUPPRESSED_FLAG_VALUES,
  suppressionJoin,
} from '../suppressions/suppression-sql';
import { CONTACT_EVENT_COLUMNS, contactEventCtes } from '../webhooks/contact-events';

/** A lead with its (revealed) address, ready to become a contact. */
export interface LeadWithEmail {
  lead: Lead;
  email: string;
}

type Db = Pick<AppDb, 'execute'>;

/** The user's contacts among these Apollo ids: apolloId -> contact id. One probe of the unique index each. */
export async function contactsByApolloId(
  db: Db,
  workspaceId: string,
  apolloIds: string[],
): Promise<Map<string, string>> {
  if (apolloIds.length === 0) return new Map();
  const rows = await queryRows<{ id: string; apollo_id: string }>(
    db,
    sql`select id, apollo_id from ${contacts}
      where workspace_id = ${workspaceId} and apollo_id = any(${sql.param(apolloIds)}::text[])`,
  );
  return new Map(rows.map((row) => [row.apollo_id, row.id]));
}

/** Links contacts to every list; answers how many contacts were newly linked to at least one. */
export async function linkContacts(
  db: Db,
  workspaceId: string,
  personaIds: string[],
  contactIds: string[],
  now: Date,
) {
  if (contactIds.length === 0 || personaIds.length === 0) return 0;
  const [row] = await queryRows<{ linked: number }>(
    db,
    sql`with linked as (
        insert into ${personaContacts} (persona_id, contact_id, workspace_id, created_at)
        select p.id, c.id, ${workspaceId}, ${now.toISOString()}::timestamptz
        from unnest(${sql.param(contactIds)}::uuid[]) as c(id) cross join unnest(${sql.param(personaIds)}::uuid[]) as p(id)
        order by c.id, p.id
        on conflict do nothing
        returning contact_id
      )
      select count(distinct contact_id)::int as linked from linked`,
  );
  return Number(row?.linked ?? 0);
}

/** Apollo's first and last name, else both split from the full name. */
const leadNames = (lead: Lead) =>
  withNameParts({ name: lead.name, firstName: lead.first_name, lastName: lead.last_name });

const organizationJson = (lead: Lead) => (lead.organization ? JSON.stringify(lead.organization) : null);

/**
 * Creates contacts for leads in one statement (unsubscribed, bounced or suppressed when the suppression
 * list covers the address, decision 046; arrays per column through unnest; the unique
 * (workspace_id, lower(email)) and (workspace_id, apollo_id) indexes decide duplicates, race-free) and links them to
 * every list, each link with its contact's status and creation time (decision 042). With `linkExisting`, a
 * lead whose address the user already has links that contact instead, locked as a status change locks it.
 * Answers how many contacts were created, and how many existing ones were newly linked.
 */
export async function saveLeadContacts(
  db: Db,
  input: {
    workspaceId: string;
    personas: PersonaRow[];
    rows: LeadWithEmail[];
    linkExisting: boolean;
    now: Date;
  },
): Promise<{ created: number; linked: number }> {
  const { workspaceId, rows, personas } = input;
  const first = personas[0];
  if (rows.length === 0 || !first) return { created: 0, linked: 0 };
  const column = (read: (row: LeadWithEmail) => string | null) => sql`${sql.param(rows.map(read))}::text[]`;
  const now = sql`${input.now.toISOString()}::timestamptz`;
  const personaIds = sql`${sql.param(personas.map((p) => p.id))}::uuid[]`;
  const known = input.linkExisting
    ? sql`select c.id, c.status, c.created_at from input i cross join lateral (
          select id, status, created_at from ${contacts} where workspace_id = ${workspaceId} and lower(email) = lower(i.email)
          limit 1 for no key update) c`
    : sql`select null::uuid as id, null::text as status, null::timestamptz as created_at where false`;
  const [result] = await queryRows<{ created: number; linked: number }>(
    db,
    sql`with input as (
        select * from unnest(${column((r) => r.email)}, ${column((r) => leadNames(r.lead).firstName)},
          ${column((r) => leadNames(r.lead).lastName)}, ${column((r) => r.lead.name || null)}, ${column((r) => r.lead.title)},
          ${column((r) => r.lead.organization?.name ?? null)}, ${column((r) => r.lead.headline)},
          ${column((r) => r.lead.city)}, ${column((r) => r.lead.state)}, ${column((r) => r.lead.country)},
          ${column((r) => r.lead.linkedin_url)}, ${column((r) => r.lead.apolloId)},
          ${column((r) => organizationJson(r.lead))}) with ordinality
          as t(email, first_name, last_name, name, title, organization_name, headline, city, state, country,
            linkedin_url, apollo_id, organization, ord)
      ), inserted as (
        insert into ${contacts} (workspace_id, email, first_name, last_name, name, title, organization_name,
          headline, city, state, country, linkedin_url, apollo_id, organization, metadata, persona_id,
          persona_industry, created_at, updated_at, ${sql.raw(SUPPRESSED_FLAG_COLUMNS)})
        select ${workspaceId}, email, first_name, last_name, name, title, organization_name, headline, city, state,
          country, linkedin_url, apollo_id, organization::jsonb, '{"source":"apollo"}'::jsonb, ${first.id},
          ${first.industry}, ${now} + ord * interval '1 microsecond', ${now}, ${sql.raw(SUPPRESSED_FLAG_VALUES)}
        from input ${suppressionJoin(workspaceId, 'input.email')} order by lower(email)
        on conflict do nothing
        returning id, status, created_at, ${sql.raw(CONTACT_EVENT_COLUMNS)}
      ), ${contactEventCtes({ type: 'contact.created', rows: 'inserted', when: now, source: 'leads_finder', name: 'created_events' })}, known as (${known}
      ), linked as (
        insert into ${personaContacts} (persona_id, contact_id, workspace_id, created_at, contact_status,
          contact_created_at)
        select p.id, t.id, ${workspaceId}, ${now}, t.status, t.created_at
        from (select id, status, created_at from inserted union select id, status, created_at from known) t
          cross join unnest(${personaIds}) as p(id)
        order by t.id, p.id
        on conflict do nothing
        returning contact_id
      )
      select (select count(*) from inserted)::int as created,
        (select count(distinct contact_id) from linked
          where contact_id not in (select id from inserted))::int as linked`,
  );
  return { created: Number(result?.created ?? 0), linked: Number(result?.linked ?? 0) };
}
