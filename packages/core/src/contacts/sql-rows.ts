import type { AppDb } from '@prospector/db';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** Runs hand-written SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(db: Pick<AppDb, 'execute'>, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const dialect = new PgDialect();

/**
 * Runs hand-written SQL whose text never changes as a statement prepared once on each connection under
 * `name`, so PostgreSQL plans it once there instead of on every call (PGlite runs it as queryRows does).
 * For a large statement run on every send, planning cost more than running it.
 */
export async function preparedRows<T>(db: Pick<AppDb, '_'>, name: string, query: SQL): Promise<T[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  const result = await prepared.execute();
  return (result as unknown as { rows: T[] }).rows;
}

const built = new WeakMap<AppDb, Map<string, unknown>>();

/**
 * The query `build` makes, prepared once per database and `shape`, to run with each call's placeholder
 * values. Building a contacts page with drizzle (about forty columns, a join and a subquery) cost about
 * 1 ms of a 3 ms page at ten million contacts, more than PostgreSQL took to run it. It stays an unnamed
 * statement ('' is PostgreSQL's unnamed statement), so PostgreSQL still plans each call with its values
 * (decision 043), unlike preparedRows.
 */
export function builtOnce<T>(db: AppDb, shape: string, build: () => { prepare(name: string): T }): T {
  let shapes = built.get(db);
  if (!shapes) {
    shapes = new Map();
    built.set(db, shapes);
  }
  if (!shapes.has(shape)) shapes.set(shape, build().prepare(''));
  return shapes.get(shape) as T;
}
