import type { AppDb } from '@prospector/db';
import type { SQL } from 'drizzle-orm';

/** Runs hand-written SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(db: Pick<AppDb, 'execute'>, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
