import type { ContactListQuery, ContactListResponse } from '@prospector/contracts';
import { contacts, personaContacts } from '@prospector/db';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { contactTotals } from './contact-counts';
import { contactMatches } from './contact-search';
import { contactColumns, toContact } from './contact-view';

/**
 * GET /api/contacts: one page of the user's contacts, newest first by default, optionally filtered by
 * display status, industry, lead status, email list and a text search, with the filtered total and the
 * user's status counts.
 *
 * The page is a "deferred join": the ids of the page are read from the matching (user_id, [status |
 * industry], created_at, id) index alone, skipping `offset` entries without touching the table, and only
 * the page's rows are then fetched. Counts come from contact-counts (decision 008).
 */
export async function listContacts(
  deps: CoreDeps,
  userId: string,
  query: ContactListQuery,
): Promise<ContactListResponse> {
  const { db } = deps;
  const order = query.sortOrder === 'asc' ? asc : desc;
  const status = query.statusFilter === 'all' ? undefined : query.statusFilter;
  const where = and(
    eq(contacts.userId, userId),
    status ? eq(contacts.status, status) : undefined,
    query.industryFilter ? eq(contacts.industry, query.industryFilter) : undefined,
    query.leadStatusFilter ? eq(contacts.leadStatus, query.leadStatusFilter) : undefined,
    query.search ? contactMatches(query.search) : undefined,
    query.personaId
      ? sql`exists (select 1 from ${personaContacts} where ${personaContacts.personaId} = ${query.personaId}
          and ${personaContacts.userId} = ${userId} and ${personaContacts.contactId} = ${contacts.id})`
      : undefined,
  );
  const page = db
    .select({ pageId: contacts.id })
    .from(contacts)
    .where(where)
    .orderBy(order(contacts.createdAt), order(contacts.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .as('page');
  const rows = await db
    .select(contactColumns)
    .from(page)
    .innerJoin(contacts, eq(contacts.id, page.pageId))
    .orderBy(order(contacts.createdAt), order(contacts.id));
  const { total, stats } = await contactTotals(db, userId, { status, industry: query.industryFilter });
  if (!query.leadStatusFilter && !query.search && !query.personaId) {
    return { contacts: rows.map(toContact), total, stats };
  }
  // Lead statuses, lists and searches are not in the maintained counts: the filtered total is counted
  // (a lead status's contacts are few; a search's come from the trigram index).
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(contacts).where(where);
  return { contacts: rows.map(toContact), total: Number(counted?.n ?? 0), stats };
}
