import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, pgliteClients } from './client';

type Counted = (...args: unknown[]) => unknown;

/**
 * Counts the statements sent to a database from now until stop(), transaction control included: on
 * PostgreSQL every client's query calls (so, in one process, the statements of every Database on that
 * driver), on PGlite each query or exec the engine runs.
 */
export function countStatements(database: Database): { readonly count: number; stop(): void } {
  let count = 0;
  const patch = <T extends object>(owner: T, key: string) => {
    const target = owner as Record<string, Counted>;
    const original = target[key] as Counted;
    target[key] = function (this: unknown, ...args: unknown[]) {
      count += 1;
      return original.apply(this, args);
    };
    return () => {
      target[key] = original;
    };
  };
  const client = pgliteClients.get(database.db);
  const restore =
    database.driver === 'postgres'
      ? patch(pg.Client.prototype, 'query')
      : // Every PGlite query, exec and transaction statement runs through this one queue.
        patch(client as PGlite, '_runExclusiveQuery');
  return {
    get count() {
      return count;
    },
    stop: restore,
  };
}
