import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle handle every query goes through; the same type for both drivers. */
export type AppDb = PgDatabase<PgQueryResultHKT, Schema>;

export type SqlRow = Record<string, unknown>;

export interface Database {
  db: AppDb;
  driver: 'pglite' | 'postgres';
  /**
   * Raw SQL for pg-boss and hand-tuned hot paths. On PGlite, text without parameters may hold several
   * statements (it goes to exec); parameterised text goes to query. On PostgreSQL, text that never changes
   * and runs often may be given a `statementName`: it is then prepared once on each connection and planned
   * there once, not on every call.
   */
  executeSql(text: string, values?: unknown[], statementName?: string): Promise<{ rows: SqlRow[] }>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  url?: string;
  /** Folder for the embedded PGlite database; omitted means in memory. */
  dataDir?: string;
  /** node-postgres pool size. */
  poolSize?: number;
}

/** The pool behind each PostgreSQL Database's db handle, for work that needs one session (migrations). */
export const postgresPools = new WeakMap<AppDb, pg.Pool>();
/** The embedded engine behind each PGlite Database's db handle, for bulk loads (see copy-session). */
export const pgliteClients = new WeakMap<AppDb, PGlite>();

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? connectPostgres(options.url, options.poolSize ?? 10) : openPglite(options.dataDir);
}

function connectPostgres(url: string, max: number): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema }) as unknown as AppDb;
  postgresPools.set(db, pool);
  return {
    db,
    driver: 'postgres',
    executeSql: async (text, values, statementName) => {
      const params = values as unknown[] | undefined;
      const result = await (statementName
        ? pool.query({ name: statementName, text, values: params })
        : pool.query(text, params));
      return { rows: result.rows };
    },
    close: () => pool.end(),
  };
}

/**
 * PostgreSQL's default 128 MB of shared buffers is most of an idle PGlite's memory. PGlite reads its files
 * through the OS page cache anyway, so 32 MB costs no measurable speed and saves about 115 MB of RSS.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** The contrib extensions the migrations create (contact search); PostgreSQL ships them too. */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return wrapPglite(
    await PGlite.create({ dataDir, startParams: PGLITE_START_PARAMS, extensions: PGLITE_EXTENSIONS }),
  );
}

/** A Database over an already opened PGlite (the test helper opens them from a migrated snapshot). */
export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema }) as unknown as AppDb;
  pgliteClients.set(db, client);
  return {
    db,
    driver: 'pglite',
    executeSql: async (text, values) => {
      if (values && values.length > 0) {
        const result = await client.query<SqlRow>(text, values as unknown[]);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as SqlRow[] };
    },
    close: () => client.close(),
  };
}
