import type { Contact, V1Page } from '@prospector/contracts';
import { contacts, personaContacts } from '@prospector/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { contactColumns, homeList, onHomeList, toContact } from '../contacts/contact-view';
import type { CoreDeps } from '../deps';
import { decodeCursor, keysetPage } from '../public-api/cursor';
import { findPersona } from './persona-store';

/**
 * An email list's contacts for the public API, the most recently added first, a page at a time after a
 * cursor (the last member's added time and contact id), so pages stay stable while members are added.
 */
export async function listPersonaContactsAfter(
  deps: CoreDeps,
  workspaceId: string,
  personaId: string,
  query: { cursor?: string; limit: number },
): Promise<V1Page<Contact>> {
  await findPersona(deps.db, workspaceId, personaId);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await deps.db
    .select({ ...contactColumns, addedAt: personaContacts.createdAt })
    .from(personaContacts)
    .innerJoin(contacts, eq(contacts.id, personaContacts.contactId))
    .leftJoin(homeList, onHomeList)
    .where(
      and(
        eq(personaContacts.personaId, personaId),
        after
          ? sql`(${personaContacts.createdAt}, ${personaContacts.contactId}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(personaContacts.createdAt), desc(personaContacts.contactId))
    .limit(query.limit + 1);
  const page = keysetPage(rows, query.limit, (row) => ({ at: row.addedAt, id: row.id }));
  return {
    data: page.rows.map(({ addedAt: _addedAt, ...row }) => toContact(row)),
    nextCursor: page.nextCursor,
  };
}
