import { BLACKLIST_TAG } from '@prospector/contracts';
import { type SQL, sql } from 'drizzle-orm';
import {
  onSuppressionList,
  SUPPRESSED_FLAG_COLUMNS,
  SUPPRESSED_FLAG_VALUES,
  suppressionJoin,
} from '../suppressions/suppression-sql';
import { CONTACT_EVENT_COLUMNS, contactEventCtes } from '../webhooks/contact-events';

/** One contact of a batch as the statement reads it (snake case, `sent` the API names the item carried). */
export interface BatchRow {
  ord: number;
  email: string;
  /** The names a new contact takes (split from `name`, `name` defaulted), as the contact form's. */
  ins_first_name: string | null;
  ins_last_name: string | null;
  ins_name: string;
  sent: string[];
  [column: string]: unknown;
}

/** The simple columns: the API's name, the column, and whether an update may change it. */
const TEXT_FIELDS = [
  ['email', 'email'],
  ['firstName', 'first_name'],
  ['lastName', 'last_name'],
  ['title', 'title'],
  ['organizationName', 'organization_name'],
  ['headline', 'headline'],
  ['city', 'city'],
  ['state', 'state'],
  ['country', 'country'],
  ['linkedinUrl', 'linkedin_url'],
  ['apolloId', 'apollo_id'],
  ['timezone', 'timezone'],
] as const;
const OTHER_FIELDS = ['name', 'industry', 'tags', 'custom_fields', 'metadata'];
export const BATCH_COLUMNS = [...TEXT_FIELDS.map(([, column]) => column), ...OTHER_FIELDS];

const sent = (field: string) => sql.raw(`k.sent @> '["${field}"]'::jsonb`);
const tagsOf = (json: string) => `array(select jsonb_array_elements_text(${json}))`;

/**
 * What an update writes, per column: the item's value when it sent the field, else the contact's own. A
 * name sent empty falls back as a new contact's does ('first last', else the email).
 */
function newValues(): Record<string, SQL> {
  const values: Record<string, SQL> = {};
  for (const [field, column] of TEXT_FIELDS) {
    const c = sql.raw(column);
    values[column] = sql`case when ${sent(field)} then k.${c} else k.old_${c} end`;
  }
  values.name = sql`case when ${sent('name')} then coalesce(k.name,
      nullif(concat_ws(' ', nullif(trim(${values.first_name}), ''), nullif(trim(${values.last_name}), '')), ''),
      ${values.email}) else k.old_name end`;
  values.tags = sql`case when ${sent('tags')} then ${sql.raw(tagsOf('k.tags'))} else k.old_tags end`;
  values.custom_fields = sql`case when ${sent('customFields')} then coalesce(k.custom_fields, '{}'::jsonb)
    else k.old_custom_fields end`;
  values.organization = sql`case
    when ${sent('industry')} or ${sent('organizationName')} then coalesce(k.old_organization, '{}'::jsonb)
      || case when ${sent('industry')} then jsonb_build_object('industry', k.industry) else '{}'::jsonb end
      || case when ${sent('organizationName')} then jsonb_build_object('name', k.organization_name) else '{}'::jsonb end
    else k.old_organization end`;
  return values;
}

/** The API names of the fields an update changes: those sent whose value differs from the contact's. */
function changedFields(values: Record<string, SQL>): SQL {
  const checks = [
    ...TEXT_FIELDS.map(([field, column]) => [field, column] as const),
    ['name', 'name'] as const,
    ['tags', 'tags'] as const,
    ['customFields', 'custom_fields'] as const,
  ].map(
    ([field, column]) =>
      sql`case when ${values[column]} is distinct from k.${sql.raw(`old_${column}`)} then ${sql.raw(`'${field}'`)} end`,
  );
  const industry = sql`case when ${sent('industry')} and k.industry is distinct from k.old_organization ->> 'industry'
    then 'industry' end`;
  return sql`array_remove(array[${sql.join([...checks, industry], sql`, `)}]::text[], null)`;
}

/**
 * The one statement of a batch (decision 049): new addresses become contacts (ON CONFLICT DO NOTHING: the
 * unique indexes decide, race-free; the suppression list's state as any new contact's, decision 046), the
 * contacts the user has at the others are found through the (workspace_id, lower(email)) index and locked, and
 * updated with the fields their item sent when any differs; the contacts are linked to the list when one is
 * named, and `contact.created` / `contact.updated` events are written for exactly the rows written. It
 * answers one row per item: its place, id, what happened and whether the suppression list covers it.
 */
export function batchUpsertSql(input: {
  workspaceId: string;
  rows: BatchRow[];
  list: { id: string; industry: string } | null;
  now: Date;
}): SQL {
  const user = sql`${input.workspaceId}::uuid`;
  const now = sql`${input.now.toISOString()}::timestamptz`;
  const values = newValues();
  const textColumns = TEXT_FIELDS.map(([, column]) => column);
  const recordColumns = [
    'ord int',
    ...textColumns.map((c) => `${c} text`),
    'name text, industry text, tags jsonb, custom_fields jsonb, metadata jsonb, sent jsonb',
    'ins_first_name text, ins_last_name text, ins_name text',
  ].join(', ');
  const oldColumns = [...textColumns, 'name', 'tags', 'custom_fields', 'organization']
    .map((c) => `c.${c} as old_${c}`)
    .join(', ');
  const updatedColumns = [...textColumns.filter((c) => c !== 'email'), 'name', 'tags', 'custom_fields']
    .map((c) => sql`${sql.raw(c)} = ${values[c]}`)
    .concat(sql`email = ${values.email}`, sql`organization = ${values.organization}`);
  const list = input.list;
  const linked = list
    ? sql`insert into persona_contacts (persona_id, contact_id, workspace_id, created_at, contact_status,
          contact_created_at)
        select ${list.id}::uuid, id, ${user}, ${now} + ord * interval '1 microsecond', status, created_at
        from (select n.id, i.ord, n.status, n.created_at from inserted n join input i on lower(i.email) = n.address
          union all select k.id, k.ord, k.status, k.created_at from known k
          where k.ord not in (select ord from apollo_taken)) s
        order by id
        on conflict do nothing
        returning contact_id`
    : sql`select null::uuid as contact_id where false`;
  return sql`with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input.rows)}::jsonb) as t(${sql.raw(recordColumns)})
    ), inserted as (
      insert into contacts (workspace_id, ${sql.raw(textColumns.join(', '))}, name, organization, tags,
        custom_fields, metadata, persona_id, persona_industry, created_at, updated_at,
        ${sql.raw(SUPPRESSED_FLAG_COLUMNS)})
      select ${user}, ${sql.raw(textColumns.map((c) => (c === 'first_name' || c === 'last_name' ? `i.ins_${c}` : `i.${c}`)).join(', '))},
        i.ins_name,
        case when i.industry is not null or i.organization_name is not null
          then jsonb_strip_nulls(jsonb_build_object('name', i.organization_name, 'industry', i.industry)) end,
        ${sql.raw(tagsOf('i.tags'))}, coalesce(i.custom_fields, '{}'::jsonb),
        '{"source":"manual"}'::jsonb || coalesce(i.metadata, '{}'::jsonb),
        ${list?.id ?? null}::uuid, ${list?.industry ?? null}::text,
        ${now} + i.ord * interval '1 microsecond', ${now}, ${sql.raw(SUPPRESSED_FLAG_VALUES)}
      from input i ${suppressionJoin(input.workspaceId, 'i.email')} order by lower(i.email)
      on conflict do nothing
      returning id, lower(email) as address, status, created_at, ${sql.raw(CONTACT_EVENT_COLUMNS)}
    ), ${contactEventCtes({ type: 'contact.created', rows: 'inserted', when: now, source: 'api', name: 'created_events' })},
    known as materialized (
      select i.*, c.id, c.status, c.created_at, ${sql.raw(oldColumns)}
      from input i cross join lateral (
        select * from contacts c where c.workspace_id = ${user} and lower(c.email) = lower(i.email)
        limit 1 for no key update
      ) c
      where not exists (select 1 from inserted n where n.address = lower(i.email))
    ), apollo_taken as (
      select k.ord from known k
      where ${sent('apolloId')} and k.apollo_id is not null and exists (
        select 1 from contacts o where o.workspace_id = ${user} and o.apollo_id = k.apollo_id and o.id <> k.id)
    ), changes as materialized (
      select k.*, ${changedFields(values)} as changed,
        ${sent('tags')} and ${BLACKLIST_TAG}::text = any(${values.tags})
          and not coalesce(${BLACKLIST_TAG}::text = any(k.old_tags), false) as blacklisted
      from known k
      where k.ord not in (select ord from apollo_taken)
    ), updated as (
      update contacts c set ${sql.join(updatedColumns, sql`, `)}, updated_at = ${now}
      from changes k
      where c.id = k.id and c.workspace_id = ${user} and cardinality(k.changed) > 0
      returning c.id, ${sql.raw(CONTACT_EVENT_COLUMNS.replace(/(\w+)/g, 'c.$1'))}, k.changed
    ), ${contactEventCtes({ type: 'contact.updated', rows: 'updated', when: now, source: 'api', name: 'updated_events', changedFields: sql`r.changed` })},
    linked as (${linked})
    select i.ord, coalesce(n.id, ch.id, k.id) as id,
      case when n.id is not null then 'created' when k.id is null then 'missing'
        when ch.id is null then 'apollo_taken' when cardinality(ch.changed) > 0 then 'updated'
        else 'unchanged' end as status,
      ch.changed,
      ${onSuppressionList(user, 'i.email')} as suppressed,
      coalesce(ch.blacklisted, false) as blacklisted
    from input i
      left join inserted n on n.address = lower(i.email)
      left join known k on k.ord = i.ord
      left join changes ch on ch.ord = i.ord
    order by i.ord`;
}
