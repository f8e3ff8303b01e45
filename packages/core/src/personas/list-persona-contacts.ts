import type { PageQuery, PersonaContactsResponse } from '@prospector/contracts';
import { contacts, personaContacts } from '@prospector/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { contactMatches } from '../contacts/contact-search';
import { contactColumns, toContact } from '../contacts/contact-view';
import type { CoreDeps } from '../deps';
import { findPersona } from './persona-store';

/** GET /api/personas/{id}/contacts: a page of the list's contacts, the most recently added first. */
export async function listPersonaContacts(
  deps: CoreDeps,
  userId: string,
  personaId: string,
  query: PageQuery & { search?: string },
): Promise<PersonaContactsResponse> {
  const { db } = deps;
  const persona = await findPersona(db, userId, personaId);
  if (query.search) return searchPersonaContacts(deps, personaId, { ...query, search: query.search });
  const page = db
    .select({ contactId: personaContacts.contactId, addedAt: personaContacts.createdAt })
    .from(personaContacts)
    .where(eq(personaContacts.personaId, personaId))
    .orderBy(desc(personaContacts.createdAt), desc(personaContacts.contactId))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .as('page');
  const rows = await db
    .select(contactColumns)
    .from(page)
    .innerJoin(contacts, eq(contacts.id, page.contactId))
    .orderBy(desc(page.addedAt), desc(page.contactId));
  // The list's size is kept on the list by a trigger on persona_contacts (decision 008).
  return { contacts: rows.map(toContact), total: persona.contactCount, page: query.page, limit: query.limit };
}

/** The list's contacts that match a search, the most recently added first, with their number. */
async function searchPersonaContacts(
  { db }: CoreDeps,
  personaId: string,
  query: PageQuery & { search: string },
): Promise<PersonaContactsResponse> {
  const where = and(eq(personaContacts.personaId, personaId), contactMatches(query.search));
  const rows = await db
    .select(contactColumns)
    .from(personaContacts)
    .innerJoin(contacts, eq(contacts.id, personaContacts.contactId))
    .where(where)
    .orderBy(desc(personaContacts.createdAt), desc(personaContacts.contactId))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(personaContacts)
    .innerJoin(contacts, eq(contacts.id, personaContacts.contactId))
    .where(where);
  return {
    contacts: rows.map(toContact),
    total: Number(counted?.n ?? 0),
    page: query.page,
    limit: query.limit,
  };
}
