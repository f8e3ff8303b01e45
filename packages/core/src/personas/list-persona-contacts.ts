import { type PageQuery, type PersonaContactsResponse, SEARCH_COUNT_CAP } from '@prospector/contracts';
import { type AppDb, contacts, personaContacts } from '@prospector/db';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { contactMatches, fewMatchesPage, searchTerms } from '../contacts/contact-search';
import { contactsOfPage, toContact } from '../contacts/contact-view';
import { builtOnce } from '../contacts/sql-rows';
import type { CoreDeps } from '../deps';
import { findPersona } from './persona-store';

/** GET /api/personas/{id}/contacts: a page of the list's contacts, the most recently added first. */
export async function listPersonaContacts(
  deps: CoreDeps,
  workspaceId: string,
  personaId: string,
  query: PageQuery & { search?: string },
): Promise<PersonaContactsResponse> {
  const { db } = deps;
  if (query.search) {
    await findPersona(db, workspaceId, personaId);
    return searchPersonaContacts(deps, workspaceId, personaId, { ...query, search: query.search });
  }
  // The page's contacts are the user's only, so it is read while the list is looked up.
  const prepared = builtOnce(db, 'list-members', () => listPageQuery(db));
  const [persona, rows] = await Promise.all([
    findPersona(db, workspaceId, personaId),
    prepared.execute({ workspaceId, personaId, limit: query.limit, offset: (query.page - 1) * query.limit }),
  ]);
  // The list's size is kept on the list by a trigger on persona_contacts (decision 008).
  return {
    contacts: rows.map(toContact),
    total: persona.contactCount,
    totalIsExact: true,
    page: query.page,
    limit: query.limit,
  };
}

/** A page of the list's members, the most recently added first, built once (decision 043). */
function listPageQuery(db: AppDb) {
  const page = db
    .select({ contactId: personaContacts.contactId, addedAt: personaContacts.createdAt })
    .from(personaContacts)
    .where(eq(personaContacts.personaId, sql.placeholder('personaId')))
    .orderBy(desc(personaContacts.createdAt), desc(personaContacts.contactId))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return contactsOfPage(db, sql.placeholder('workspaceId'), page, page.contactId).orderBy(
    desc(page.addedAt),
    desc(page.contactId),
  );
}

/**
 * The list's contacts that match a search, the most recently added first. The matches are counted up to
 * SEARCH_COUNT_CAP in one pass, which also gives a page of few; the page of many is read in the list's
 * order, which a common text fills quickly.
 */
async function searchPersonaContacts(
  { db }: CoreDeps,
  workspaceId: string,
  personaId: string,
  query: PageQuery & { search: string },
): Promise<PersonaContactsResponse> {
  const offset = (query.page - 1) * query.limit;
  const terms = await searchTerms(db, query.search);
  const where = and(eq(personaContacts.personaId, personaId), contactMatches(terms));
  const few = await fewMatchesPage(
    db,
    sql`select ${personaContacts.contactId} as id, ${personaContacts.createdAt} as at from ${personaContacts}
      join ${contacts} on ${contacts.id} = ${personaContacts.contactId} where ${where}`,
    { order: 'desc', limit: query.limit, offset },
  );
  // The page's members first, then their columns: the matches skipped are not joined to their lists.
  const page = (filter: SQL | undefined, skip: number) => {
    const members = db
      .select({ contactId: personaContacts.contactId, addedAt: personaContacts.createdAt })
      .from(personaContacts)
      .innerJoin(contacts, eq(contacts.id, personaContacts.contactId))
      .where(filter)
      .orderBy(desc(personaContacts.createdAt), desc(personaContacts.contactId))
      .limit(query.limit)
      .offset(skip)
      .as('members');
    return contactsOfPage(db, workspaceId, members, members.contactId).orderBy(
      desc(members.addedAt),
      desc(members.contactId),
    );
  };
  const ofPage = and(
    eq(personaContacts.personaId, personaId),
    inArray(personaContacts.contactId, few?.ids ?? []),
  );
  const rows = !few ? await page(where, offset) : few.ids.length > 0 ? await page(ofPage, 0) : [];
  return {
    contacts: rows.map(toContact),
    total: few?.total ?? SEARCH_COUNT_CAP,
    totalIsExact: few !== null,
    page: query.page,
    limit: query.limit,
  };
}
