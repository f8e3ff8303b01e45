import type { ContactListQuery, ContactStatus } from '@prospector/contracts';
import { type AppDb, contacts, personaContacts, personas } from '@prospector/db';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { contactsOfPage } from './contact-view';
import { builtOnce } from './sql-rows';

interface MembersQuery extends Pick<ContactListQuery, 'sortOrder' | 'limit'> {
  status?: ContactStatus;
  offset: number;
}

/**
 * The contacts page filtered by an email list, alone or with a status: the list's members are read in the
 * page's order (their contact's creation time, then id) from the membership's own index, which holds a copy
 * of the contact's status and creation time (decision 042), skipping `offset` entries without touching a
 * table; only the page's contacts are fetched. Reading the user's contacts in order instead, and probing a
 * membership for each, walked every contact of the user up to the page. Built once per order and status
 * filter (decision 043).
 */
export function listMembersPage(db: AppDb, workspaceId: string, personaId: string, query: MembersQuery) {
  const shape = `members:${query.sortOrder}:${query.status ? 'status' : ''}`;
  const prepared = builtOnce(db, shape, () =>
    membersPageQuery(db, query.sortOrder, query.status !== undefined),
  );
  return prepared.execute({
    workspaceId,
    personaId,
    status: query.status,
    limit: query.limit,
    offset: query.offset,
  });
}

/** The list's memberships, the list's owner checked once on the list (its members' key does not hold it). */
function membersPageQuery(db: AppDb, sortOrder: 'asc' | 'desc', byStatus: boolean) {
  const order = sortOrder === 'asc' ? asc : desc;
  const workspaceId = sql.placeholder('workspaceId');
  const personaId = sql.placeholder('personaId');
  const page = db
    .select({ pageId: personaContacts.contactId })
    .from(personaContacts)
    .where(
      and(
        eq(personaContacts.personaId, personaId),
        sql`exists (select 1 from ${personas} where ${personas.id} = ${personaId} and ${personas.workspaceId} = ${workspaceId})`,
        byStatus ? eq(personaContacts.contactStatus, sql.placeholder('status')) : undefined,
      ),
    )
    .orderBy(order(personaContacts.contactCreatedAt), order(personaContacts.contactId))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return contactsOfPage(db, workspaceId, page, page.pageId).orderBy(
    order(contacts.createdAt),
    order(contacts.id),
  );
}
