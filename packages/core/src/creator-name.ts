import { type AppDb, users } from '@prospector/db';
import { eq, sql } from 'drizzle-orm';

/**
 * The name of the member who made a record, in a select that left-joins `users` on the record's
 * created_by (`.leftJoin(users, eq(users.id, table.createdBy))`); null when nobody is named.
 */
export const creatorNameColumn = sql<string | null>`nullif(${users.fullName}, '')`;

/** The name of the member `userId` (a record's created_by); null for none. */
export async function creatorName(db: AppDb, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ name: users.fullName }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name || null;
}
