import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDatabase, type Database, PGLITE_EXTENSIONS, PGLITE_START_PARAMS, wrapPglite } from './client';
import { migrateDatabase, migrationsFolder } from './migrate';

/**
 * A fresh, migrated database that belongs to the caller alone; close() disposes of it.
 *
 * Default: an in-memory PGlite. With TEST_DATABASE_URL set: a new PostgreSQL database per call, cloned
 * from a template database that is migrated once (CREATE DATABASE ... TEMPLATE takes milliseconds), and
 * dropped again by close(). The URL's own database is only used for these administrative statements.
 */
export async function createTestDatabase(): Promise<Database> {
  // This file and apps/server/src/config.ts are the only places that read process.env: a test has no
  // server config, and the choice of driver for the whole suite is made from outside (CI, a developer).
  const url = process.env.TEST_DATABASE_URL;
  return url ? createPostgresTestDatabase(url) : createPgliteTestDatabase();
}

/**
 * Builds what createTestDatabase() starts from (the PGlite dump, or the PostgreSQL template) once, before
 * the test processes start, so they do not all build it at the same moment. Vitest's global setup for the
 * integration tests.
 */
export async function prepareTestDatabases(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) await ensureTemplate(url);
  else await cachedPgliteSnapshot();
}

/**
 * PGlite: a migrated instance's data directory is dumped once and every test database starts from the
 * dump. Vitest runs each test file in a fresh process, and a fresh PGlite pays initdb plus every migration
 * (seconds per file), so the dump is kept in node_modules/.cache, keyed by the migrations and the PGlite
 * build, and shared by all the test processes of a run and of later runs.
 */
let pgliteSnapshot: Promise<Blob> | undefined;

async function createPgliteTestDatabase(): Promise<Database> {
  pgliteSnapshot ??= cachedPgliteSnapshot();
  return wrapPglite(
    await PGlite.create({
      loadDataDir: await pgliteSnapshot,
      startParams: PGLITE_START_PARAMS,
      extensions: PGLITE_EXTENSIONS,
    }),
  );
}

async function cachedPgliteSnapshot(): Promise<Blob> {
  const { folder, version } = pglitePackage();
  const cacheFolder = join(folder, '..', '..', '.cache', 'prospector-test-pglite');
  const file = join(cacheFolder, `${pgliteSnapshotKey(version)}.tar`);
  const cached = await readFile(file).catch(() => undefined);
  if (cached) return new Blob([cached]);
  const snapshot = await migratedPgliteSnapshot();
  await mkdir(cacheFolder, { recursive: true });
  // Written under a name of its own and renamed, so a process reading the file never sees half of it.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await snapshot.arrayBuffer()));
  await rename(partial, file);
  return snapshot;
}

async function migratedPgliteSnapshot(): Promise<Blob> {
  const seed = await PGlite.create({ startParams: PGLITE_START_PARAMS, extensions: PGLITE_EXTENSIONS });
  try {
    await migrateDatabase(wrapPglite(seed));
    return await seed.dumpDataDir('none');
  } finally {
    await seed.close();
  }
}

/** The installed PGlite package's folder and version (it exports no package.json of its own). */
function pglitePackage(): { folder: string; version: string } {
  const folder = join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..');
  const { version } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string };
  return { folder, version };
}

/** What the dump depends on: the migrations, the PGlite build and its start parameters. */
function pgliteSnapshotKey(pgliteVersion: string): string {
  return createHash('sha256')
    .update(migrationsHash())
    .update(pgliteVersion)
    .update(PGLITE_START_PARAMS.join(' '))
    .digest('hex')
    .slice(0, 16);
}

const templates = new Map<string, Promise<string>>();

async function createPostgresTestDatabase(adminUrl: string): Promise<Database> {
  let template = templates.get(adminUrl);
  if (!template) {
    template = ensureTemplate(adminUrl);
    templates.set(adminUrl, template);
  }
  const templateName = await template;
  const name = `test_${randomBytes(8).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateName}`));
  const database = await createDatabase({ url: withDatabase(adminUrl, name), poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * Creates (once per migration set) the template database every test database is cloned from. Vitest runs
 * several worker processes that may all arrive here at once, so the check-and-build runs under a
 * PostgreSQL advisory lock; the template is built under a scratch name and renamed when complete, so a
 * crash half-way never leaves a half-migrated template behind.
 */
async function ensureTemplate(adminUrl: string): Promise<string> {
  const name = `prospector_template_${migrationsHash()}`;
  await withAdmin(adminUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', ['prospector-test-template']);
    try {
      const existing = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (existing.rowCount) return;
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const seed = await createDatabase({ url: withDatabase(adminUrl, building), poolSize: 1 });
      try {
        await migrateDatabase(seed);
      } finally {
        await seed.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      await dropStaleTemplates(admin, name);
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', ['prospector-test-template']);
    }
  });
  return name;
}

/** Templates of older migration sets are no longer needed; one still in use is left for a later run. */
async function dropStaleTemplates(admin: pg.Client, current: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE 'prospector\\_template\\_%' AND datname <> $1",
    [current],
  );
  for (const { datname } of rows) {
    await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => {});
  }
}

/** A short hash of the committed migrations, so a changed schema gets a new template. */
function migrationsHash(): string {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(join(folder, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

async function withAdmin<T>(url: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export { membershipCopiesOutOfStep } from './membership-copies';
export { genericPlanOf, type PlanNode, planOf, readsOf } from './query-plans';
export { seedEnrolledContacts } from './seed-enrolments';
/** One row in every user-owned table for a user, for cascade and user-scoping tests. */
export { seedOwnedGraph } from './seed-owned-graph';
export { countStatements } from './statement-count';
