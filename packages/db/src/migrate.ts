import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

/** The committed SQL migrations, found through the package so it works from source and from a bundle. */
export function migrationsFolder(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@prospector/db/package.json')), 'drizzle');
}

/** Applies every pending migration. Safe to call at each start-up and from several processes. */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  // The cast is sound: each driver's migrator receives the handle created by that driver.
  if (database.driver === 'pglite') await migratePglite(database.db as never, config);
  else await migrateNodePg(database.db as never, config);
}
