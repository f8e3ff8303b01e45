import type { Contact, V1Page } from '@prospector/contracts';
import { type AppDb, contacts } from '@prospector/db';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { decodeCursor, keysetPage } from '../public-api/cursor';
import { contactsWithList, toContact } from './contact-view';

export interface ContactsAfterQuery {
  cursor?: string;
  limit: number;
  /** Only the contact at this address (any case). */
  email?: string;
  /** Only contacts changed at or after this time, oldest change first. */
  updatedSince?: Date;
}

/**
 * The user's contacts a page at a time after a cursor. By default newest first (the last row's created_at
 * and id, served by the (workspace_id, created_at, id) index), so pages stay stable while contacts are added.
 * With `updatedSince`, those changed since then in the order they changed (updated_at, then id, served by
 * the (workspace_id, updated_at, id) index), so a sync reads every change once and resumes from its cursor.
 * `email` narrows either to the one contact at the address (the (workspace_id, lower(email)) key).
 */
export async function listContactsAfter(
  deps: CoreDeps,
  workspaceId: string,
  query: ContactsAfterQuery,
): Promise<V1Page<Contact>> {
  const bySync = query.updatedSince !== undefined;
  const rows = await contactsAfterQuery(deps.db, workspaceId, query);
  const page = keysetPage(rows, query.limit, (row) => ({
    at: bySync ? row.updatedAt : row.createdAt,
    id: row.id,
  }));
  return { data: page.rows.map(toContact), nextCursor: page.nextCursor };
}

/** The query of a page (one row more than `limit`, to know whether another page follows). */
export function contactsAfterQuery(db: AppDb, workspaceId: string, query: ContactsAfterQuery) {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const bySync = query.updatedSince !== undefined;
  const conditions: SQL[] = [];
  if (query.email) conditions.push(sql`lower(${contacts.email}) = lower(${query.email})`);
  if (query.updatedSince)
    conditions.push(sql`${contacts.updatedAt} >= ${query.updatedSince.toISOString()}::timestamptz`);
  if (after) {
    const key = sql`(${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`;
    conditions.push(
      bySync
        ? sql`(${contacts.updatedAt}, ${contacts.id}) > ${key}`
        : sql`(${contacts.createdAt}, ${contacts.id}) < ${key}`,
    );
  }
  const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : undefined;
  return contactsWithList(db, workspaceId, where)
    .orderBy(
      ...(bySync
        ? [asc(contacts.updatedAt), asc(contacts.id)]
        : [desc(contacts.createdAt), desc(contacts.id)]),
    )
    .limit(query.limit + 1);
}
