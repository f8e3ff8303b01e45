// A throwaway PostgreSQL database for a benchmark: created under a random name next to the admin URL's
// database, migrated, and dropped (WITH FORCE) by drop(). Nothing is left behind in the admin database.
import { randomBytes } from 'node:crypto';
import { createDatabase, migrateDatabase } from '@prospector/db';
import pg from 'pg';

export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates and migrates `prospector_bench_<random>`; returns its URL, an open Database and drop(). */
export async function scratchPostgres({ poolSize = 4 } = {}) {
  const name = `prospector_bench_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let database;
  const drop = async () => {
    await database?.close().catch(() => {});
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  try {
    database = await createDatabase({ url: url.toString(), poolSize });
    await migrateDatabase(database);
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, url: url.toString(), database, drop };
}

/** p50/p99 (and mean) in milliseconds, to 0.01 ms. */
export function percentiles(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const round = (ms) => Number(ms.toFixed(2));
  return {
    p50: round(at(0.5)),
    p99: round(at(0.99)),
    mean: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
    n: sorted.length,
  };
}
