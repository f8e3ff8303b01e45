import type { Contact, V1Page } from '@prospector/contracts';
import { contacts } from '@prospector/db';
import { desc, sql } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { decodeCursor, keysetPage } from '../public-api/cursor';
import { contactsWithList, toContact } from './contact-view';

/**
 * The user's contacts newest first, a page at a time after a cursor (the last row's created_at and id),
 * so pages stay stable while contacts are added and the index on (user_id, created_at, id) serves them.
 */
export async function listContactsAfter(
  deps: CoreDeps,
  userId: string,
  query: { cursor?: string; limit: number },
): Promise<V1Page<Contact>> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await contactsWithList(
    deps.db,
    userId,
    after
      ? sql`(${contacts.createdAt}, ${contacts.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
      : undefined,
  )
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(query.limit + 1);
  const page = keysetPage(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return { data: page.rows.map(toContact), nextCursor: page.nextCursor };
}
