import {
  SUPPRESSED_FLAG_COLUMNS,
  SUPPRESSED_FLAG_VALUES,
  suppressionJoinText,
} from '../suppressions/suppression-sql';
import { CONTACT_EVENT_COLUMNS, contactEventCtesText } from '../webhooks/contact-events';
import { STAGED_COLUMNS } from './contact-values';

/**
 * The SQL of a streamed import. The file's rows are COPYed into a temporary table of this transaction
 * (dropped at its end, committed or not, and seen by no other connection) a range at a time, and each
 * range is merged into contacts and the list in set statements while the next one is read. Parameters of
 * the merge: $1 user id, $2 list id, $3 the list's industry, $4 the import's time.
 */
export const STAGING_TABLE = 'import_rows';

export const CREATE_STAGING = `create temp table ${STAGING_TABLE} (
  ord bigint not null, ${STAGED_COLUMNS.map((c) => `${c} text`).join(', ')}
) on commit drop`;

export const COPY_INTO_STAGING = `copy ${STAGING_TABLE} (ord, ${STAGED_COLUMNS.join(', ')}) from stdin with (format csv)`;

/** Emptied once its range is merged, so the table holds one range whatever the file's size. */
export const EMPTY_STAGING = `truncate ${STAGING_TABLE}`;

/**
 * The addresses (lower case) of the rows merged so far, and the places of the rows that repeat an earlier
 * row's address: kept on the database's side, so memory does not grow with the file.
 */
export const CREATE_SEEN = 'create temp table import_seen (address text primary key) on commit drop';
export const CREATE_REPEATS = 'create temp table import_repeats (ord bigint not null) on commit drop';

/**
 * Takes out of the staged range the rows whose address (any case) an earlier row of the file has, in this
 * range or an earlier one, and keeps their places; the first of each address joins the seen ones.
 */
export const SETTLE_REPEATS = `with ranked as (
    select ord, lower(email) as address,
      row_number() over (partition by lower(email) order by ord) as n
    from ${STAGING_TABLE}
  ), first_seen as (
    insert into import_seen (address) select address from ranked where n = 1
    on conflict do nothing
    returning address
  ), repeated as (
    delete from ${STAGING_TABLE} s using ranked r
    where s.ord = r.ord and (r.n > 1 or not exists (select 1 from first_seen f where f.address = r.address))
    returning s.ord
  )
  insert into import_repeats (ord) select ord from repeated`;

export const REPEATS_LISTED = 'select ord from import_repeats order by ord limit $1';

/** `contact.created` for each contact the merge inserts, written by the merge itself. */
const CREATED_EVENTS = contactEventCtesText({
  type: 'contact.created',
  rows: 'inserted',
  when: '$4::timestamptz',
  source: 'csv_import',
  name: 'created_events',
});

const rowTime = `$4::timestamptz + s.ord * interval '1 microsecond'`;

/**
 * The merge of the staged range, one statement: new addresses become contacts (ON CONFLICT DO NOTHING:
 * the unique indexes decide, race-free; unsubscribed, bounced or suppressed when the suppression list
 * covers them, decision 046), contacts the user already had are found through the
 * (workspace_id, lower(email)) index, and both are linked to the list, each link with its contact's status and
 * creation time (decision 042: the known contacts are locked as a status change locks them, so one made
 * meanwhile is not lost). Each contact and link is dated the import's time plus its row's place in
 * microseconds, so lists sort in file order, as for batched imports.
 */
export function mergeSql(updateExisting: boolean, knownShown: number): string {
  const columns = STAGED_COLUMNS.filter((c) => c !== 'organization' && c !== 'custom_fields');
  return `with chunk as (
      select * from ${STAGING_TABLE}
    ), inserted as (
      insert into contacts (workspace_id, ${columns.join(', ')}, organization, custom_fields, metadata,
        persona_id, persona_industry, created_at, updated_at, ${SUPPRESSED_FLAG_COLUMNS})
      select $1, ${columns.map((c) => `s.${c}`).join(', ')}, s.organization::jsonb,
        coalesce(s.custom_fields::jsonb, '{}'::jsonb), '{"source":"csv"}'::jsonb, $2, $3, ${rowTime}, $4,
        ${SUPPRESSED_FLAG_VALUES}
      from chunk s ${suppressionJoinText('$1::uuid', 's.email')} order by lower(s.email)
      on conflict do nothing
      returning id, created_at, status, created_at as contact_created_at, lower(email) as address,
        ${CONTACT_EVENT_COLUMNS}
    ), ${CREATED_EVENTS}, not_inserted as materialized (
      select s.ord, s.email, s.custom_fields from chunk s
      where not exists (select 1 from inserted i where i.address = lower(s.email))
    ), known as (
      select c.id, c.workspace_id, ${rowTime} as created_at, c.status, c.created_at as contact_created_at,
        c.email, s.custom_fields
      from not_inserted s cross join lateral (${KNOWN_PROBE}) c
    ), ${updateExisting ? UPDATE_KNOWN : 'updated as (select 1)'}, linked as (
      insert into persona_contacts (persona_id, contact_id, workspace_id, created_at, contact_status,
        contact_created_at)
      select $2, id, $1, created_at, status, contact_created_at
      from (select id, created_at, status, contact_created_at from inserted
        union all select id, created_at, status, contact_created_at from known) l
      order by id
      on conflict do nothing
      returning contact_id, created_at
    ), known_added as (
      select k.email, l.created_at from linked l join known k on k.id = l.contact_id
    )
    select (select count(*) from inserted)::int as inserted,
      (select count(*) from known_added)::int as known_added,
      (select array_agg(email order by created_at) from (
        select email, created_at from known_added order by created_at limit ${Number(knownShown)}
      ) shown) as known_emails`;
}

/**
 * The contact the user already has at a row's address, for the rows not inserted: one probe a row of the
 * (workspace_id, lower(email)) key, which LIMIT 1 and the lock keep a probe. A plain join is planned on
 * statistics that do not count this import's uncommitted rows, and hashed all the user's contacts again for
 * every range; and on an empty table any index on workspace_id looks as cheap, so the rows inserted just now are
 * left out first.
 */
const KNOWN_PROBE = `select c.id, c.workspace_id, c.status, c.created_at, c.email from contacts c
      where c.workspace_id = $1 and lower(c.email) = lower(s.email) limit 1 for no key update`;

/**
 * Known contacts get the row's custom fields merged in (the row's values win), when the user asks; a
 * contact that has them all already is left as it is.
 */
const UPDATE_KNOWN = `updated as (
      update contacts c set custom_fields = c.custom_fields || k.custom_fields::jsonb, updated_at = $4
      from known k
      where c.id = k.id and c.workspace_id = k.workspace_id and k.custom_fields is not null
        and not c.custom_fields @> k.custom_fields::jsonb
      returning c.id, ${CONTACT_EVENT_COLUMNS.replace(/(\w+)/g, 'c.$1')}
    ), ${contactEventCtesText({ type: 'contact.updated', rows: 'updated', when: '$4::timestamptz', source: 'csv_import', name: 'updated_events', changedFields: "array['customFields']" })}`;
