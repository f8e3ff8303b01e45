import { type SQL, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { AppDb, Database, SqlRow } from './client';

export { PgBoss };
export type QueueOptions = Omit<PgBoss.ConstructorOptions, 'db'>;

/**
 * A pg-boss 10 instance in the app's own database (schema `pgboss`); call start() before use, and
 * createQueue(name) before send() or work() on that queue (v10 requires queues to exist).
 *
 * pg-boss runs its SQL through the Database's executeSql on both drivers, so it shares the app's pool
 * on PostgreSQL and works on PGlite, which has a single in-process connection: there, parameterless
 * text (pg-boss's migrations and its BEGIN ... COMMIT blocks) is run by exec, which accepts several
 * statements, and parameterised text by query. stop() leaves the Database open; close it yourself.
 *
 * Pass `connectionString` in options to give pg-boss its own pool on PostgreSQL instead.
 */
export function createQueue(database: Database, options: QueueOptions = {}): PgBoss {
  if (options.connectionString) return new PgBoss(options);
  return new PgBoss({ ...options, db: queueDb(database) });
}

/** The pg-boss `db` adapter over a Database. */
export function queueDb(database: Database): PgBoss.Db {
  return { executeSql: (text, values) => database.executeSql(text, values) };
}

/**
 * A pg-boss `db` adapter that runs inside a Drizzle transaction, so a job is enqueued atomically with
 * the rows that call for it: `boss.send(name, data, { db: transactionQueueDb(tx) })`. The job exists
 * only if the transaction commits.
 *
 * Inside a transaction every pg-boss call must get this adapter: PGlite has one connection, so a call
 * through the default adapter waits for the transaction to end while the transaction waits for it.
 * (pg-boss 10's complete(name, ids, options) reads options as the result data; use the 4-argument form.)
 */
export function transactionQueueDb(tx: Pick<AppDb, 'execute'>): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const result = await tx.execute(toSql(text, values ?? []));
      return { rows: (result as unknown as { rows: SqlRow[] }).rows };
    },
  };
}

/** Turns `$1`-style positional text into Drizzle SQL with bound parameters (a parameter may repeat). */
function toSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    if (index % 2 === 0) {
      if (part) chunks.push(sql.raw(part));
    } else {
      const position = Number(part) - 1;
      if (position < 0 || position >= values.length) throw new Error(`No value for parameter $${part}`);
      chunks.push(sql`${sql.param(values[position])}`);
    }
  });
  return sql.join(chunks);
}
