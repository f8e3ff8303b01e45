import type { PGlite, Transaction } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type AppDb, pgliteClients, postgresPools, type SqlRow } from './client';
import * as schema from './schema';

/**
 * One transaction on one connection that can bulk-load text with COPY ... FROM STDIN, for imports of
 * millions of rows. `db` is a Drizzle handle on the same transaction, so ordinary queries see the loaded
 * rows and commit or roll back with them.
 */
export interface CopySession {
  db: AppDb;
  query(text: string, values?: unknown[]): Promise<SqlRow[]>;
  /** Streams CSV text into `copySql` (a `COPY ... FROM STDIN WITH (FORMAT csv)`), chunk by chunk. */
  copyFrom(copySql: string, chunks: AsyncIterable<string> | Iterable<string>): Promise<void>;
}

/** PGlite reads COPY input from a blob: the text is sent in pieces of about this size. */
const PGLITE_COPY_PIECE_CHARS = 4 * 1024 * 1024;

/** Runs `work` in one transaction: committed when it returns, rolled back when it throws. */
export async function withCopySession<T>(db: AppDb, work: (session: CopySession) => Promise<T>): Promise<T> {
  const pool = postgresPools.get(db);
  if (pool) return onPostgres(pool, work);
  const pglite = pgliteClients.get(db);
  if (pglite) return onPglite(pglite, work);
  throw new Error('withCopySession needs a database handle made by createDatabase');
}

async function onPostgres<T>(pool: pg.Pool, work: (session: CopySession) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('begin');
    const session: CopySession = {
      db: drizzleNodePg({ client, schema }) as unknown as AppDb,
      query: async (text, values) => (await client.query(text, values)).rows,
      copyFrom: async (copySql, chunks) => {
        const stream = client.query(copyFrom(copySql));
        const finished = new Promise<void>((resolve, reject) => {
          stream.on('finish', resolve);
          stream.on('error', reject);
        });
        try {
          for await (const chunk of chunks) {
            if (!stream.write(chunk)) await new Promise((resolve) => stream.once('drain', resolve));
          }
        } catch (error) {
          // Ends the COPY with an error so the connection is usable for the rollback.
          stream.destroy(error as Error);
          await finished.catch(() => {});
          throw error;
        }
        stream.end();
        await finished;
      },
    };
    const result = await work(session);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

async function onPglite<T>(client: PGlite, work: (session: CopySession) => Promise<T>): Promise<T> {
  return client.transaction(async (tx: Transaction) => {
    const send = (copySql: string, text: string) =>
      tx.query(copySql.replace(/\bstdin\b/i, `'/dev/blob'`), [], { blob: new Blob([text]) });
    const session: CopySession = {
      db: drizzlePglite({ client: tx as unknown as PGlite, schema }) as unknown as AppDb,
      query: async (text, values) => (await tx.query<SqlRow>(text, values)).rows,
      copyFrom: async (copySql, chunks) => {
        let piece = '';
        for await (const chunk of chunks) {
          piece += chunk;
          if (piece.length >= PGLITE_COPY_PIECE_CHARS) {
            await send(copySql, piece);
            piece = '';
          }
        }
        if (piece) await send(copySql, piece);
      },
    };
    return work(session);
  });
}
