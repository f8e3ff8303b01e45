import type { ContactStatus } from '@prospector/contracts';
import { type AppDb, contacts } from '@prospector/db';
import { and, asc, desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { contactsOfPage } from './contact-view';
import { builtOnce } from './sql-rows';

/** The filters of a contacts page that needs neither a search nor a list: each only narrows the index walked. */
interface PlainPageFilter {
  status?: ContactStatus;
  industry?: string;
}

interface PageWindow {
  sortOrder: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** One page of the user's contacts, newest (or oldest) first, optionally of one status and one industry. */
export function plainContactsPage(db: AppDb, workspaceId: string, filter: PlainPageFilter, page: PageWindow) {
  const shape = `plain:${page.sortOrder}:${filter.status ? 'status' : ''}:${filter.industry ? 'industry' : ''}`;
  const prepared = builtOnce(db, shape, () => plainPageQuery(db, filter, page.sortOrder));
  return prepared.execute({ workspaceId, ...filter, limit: page.limit, offset: page.offset });
}

/** The user's contacts of `ids` (a page a search picked), in the page's order. */
export async function contactsWithIds(
  db: AppDb,
  workspaceId: string,
  ids: string[],
  sortOrder: 'asc' | 'desc',
) {
  if (ids.length === 0) return [];
  const prepared = builtOnce(db, `ids:${sortOrder}`, () => idsPageQuery(db, sortOrder));
  return prepared.execute({ workspaceId, ids, limit: ids.length });
}

/**
 * A page of the user's contacts matching `where` (which must hold the owner): the page's ids are read from
 * the matching (workspace_id, [status | industry], created_at, id) index, skipping `offset` entries without
 * touching the table, and only the page's rows are fetched (a "deferred join").
 */
export function contactsPage(
  db: AppDb,
  workspaceId: string | Placeholder,
  where: SQL | undefined,
  page: { sortOrder: 'asc' | 'desc'; limit: number | Placeholder; offset: number | Placeholder },
) {
  const order = page.sortOrder === 'asc' ? asc : desc;
  const ids = db
    .select({ pageId: contacts.id })
    .from(contacts)
    .where(where)
    .orderBy(order(contacts.createdAt), order(contacts.id))
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
  return contactsOfPage(db, workspaceId, ids, ids.pageId).orderBy(
    order(contacts.createdAt),
    order(contacts.id),
  );
}

function plainPageQuery(db: AppDb, filter: PlainPageFilter, sortOrder: 'asc' | 'desc') {
  const workspaceId = sql.placeholder('workspaceId');
  const where = and(
    eq(contacts.workspaceId, workspaceId),
    filter.status ? eq(contacts.status, sql.placeholder('status')) : undefined,
    filter.industry ? eq(contacts.industry, sql.placeholder('industry')) : undefined,
  );
  return contactsPage(db, workspaceId, where, {
    sortOrder,
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
  });
}

function idsPageQuery(db: AppDb, sortOrder: 'asc' | 'desc') {
  const workspaceId = sql.placeholder('workspaceId');
  const where = and(
    eq(contacts.workspaceId, workspaceId),
    sql`${contacts.id} = any(${sql.placeholder('ids')}::uuid[])`,
  );
  return contactsPage(db, workspaceId, where, { sortOrder, limit: sql.placeholder('limit'), offset: 0 });
}
