import { contacts } from '@prospector/db';
import { type SQL, sql } from 'drizzle-orm';

const blank = (value: SQL) => sql`coalesce(btrim(${value}), '') = ''`;

/** A name that is just the address counts as no name, as the renderer has it (renderContactOf). */
const nameOrAddress = (column: SQL) =>
  sql`(${blank(column)} or lower(btrim(${column})) = lower(btrim(${contacts.email})))`;

/** The contact columns behind the built-in variables that can be empty. */
const BUILT_IN_VALUE = new Map<string, SQL>(
  Object.entries({
    first_name: nameOrAddress(sql`${contacts.firstName}`),
    last_name: blank(sql`${contacts.lastName}`),
    title: blank(sql`${contacts.title}`),
    company: blank(
      sql`coalesce(nullif(btrim(${contacts.organizationName}), ''), ${contacts.organization} ->> 'name')`,
    ),
    city: blank(sql`${contacts.city}`),
    state: blank(sql`${contacts.state}`),
    country: blank(sql`${contacts.country}`),
    headline: blank(sql`${contacts.headline}`),
    linkedin_url: blank(sql`${contacts.linkedinUrl}`),
    website: blank(sql`${contacts.organization} ->> 'website_url'`),
  }),
);

/** True for a contact row that has no value for the variable `name` (built in or custom). */
export function emptyValueSql(name: string): SQL {
  return BUILT_IN_VALUE.get(name) ?? blank(sql`${contacts.customFields} ->> ${name}`);
}
