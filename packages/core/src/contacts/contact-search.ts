import { contacts } from '@prospector/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Whether a contact's name, email, company or title holds the search text, ignoring case and accents
 * ("zoe" finds Zoë). The expression is the one contacts_search_trgm_idx indexes, so PostgreSQL answers
 * the LIKE from the trigram index instead of reading every contact.
 */
export function contactMatches(search: string): SQL {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`search_fold(coalesce(${contacts.name}, '') || ' ' || ${contacts.email} || ' ' || coalesce(${contacts.organizationName}, '') || ' ' || coalesce(${contacts.title}, '')) like search_fold(${pattern})`;
}
