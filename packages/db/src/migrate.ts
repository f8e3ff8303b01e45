import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type Database, postgresPools } from './client';

/** The committed SQL migrations, found through the package so it works from source and from a bundle. */
export function migrationsFolder(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@prospector/db/package.json')), 'drizzle');
}

/**
 * Applies every pending migration of `folder` (tests give a copy that stops at an older one). Safe to call
 * at each start-up and from several processes at once: on PostgreSQL the migrator runs on one session
 * holding an advisory lock, so a server and a worker starting together apply each migration once (the
 * second waits, then finds nothing to do).
 */
export async function migrateDatabase(database: Database, folder = migrationsFolder()): Promise<void> {
  const config = { migrationsFolder: folder };
  // The casts are sound: each driver's migrator receives a handle created by that driver.
  if (database.driver === 'pglite') {
    await migratePglite(database.db as never, config);
    return;
  }
  const pool = postgresPools.get(database.db);
  if (!pool) throw new Error('migrateDatabase: not a Database from createDatabase()');
  const session = await pool.connect();
  try {
    await session.query('SELECT pg_advisory_lock(hashtext($1))', ['prospector-migrations']);
    try {
      await migrateNodePg(drizzleNodePg({ client: session }), config);
    } finally {
      await session.query('SELECT pg_advisory_unlock(hashtext($1))', ['prospector-migrations']);
    }
  } finally {
    session.release();
  }
}
