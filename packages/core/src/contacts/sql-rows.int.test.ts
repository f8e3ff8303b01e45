import { createDatabase, type Database } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { preparedRows, queryRows } from './sql-rows';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('preparedRows', () => {
  it('answers each call with its own values, as queryRows does', async () => {
    database = await createTestDatabase();
    const sum = (n: number) => sql`select ${n}::int + 1 as n`;
    expect(await preparedRows(database.db, 'sql-rows-sum', sum(41))).toEqual([{ n: 42 }]);
    expect(await preparedRows(database.db, 'sql-rows-sum', sum(1))).toEqual(
      await queryRows(database.db, sum(1)),
    );
  });

  it.runIf(onPostgres)('prepares the statement once on its connection, under its name', async () => {
    database = await createTestDatabase();
    const prepared = await database.db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) await preparedRows(tx, 'sql-rows-probe', sql`select ${n}::int as n`);
      return queryRows<{ name: string; calls: number }>(
        tx,
        sql`select name, (generic_plans + custom_plans)::int as calls from pg_prepared_statements`,
      );
    });
    expect(prepared).toEqual([{ name: 'sql-rows-probe', calls: 3 }]);
  });

  it.runIf(onPostgres)('does the same through executeSql given a statement name', async () => {
    database = await createTestDatabase();
    const { rows: named } = await database.executeSql('select current_database() as name');
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${named[0]?.name}`;
    // One connection, so the check below sees the session the statement was prepared in.
    const single = await createDatabase({ url: url.toString(), poolSize: 1 });
    try {
      const twice = (n: number) => single.executeSql('select $1::int * 2 as n', [n], 'sql-rows-double');
      expect([(await twice(21)).rows, (await twice(4)).rows]).toEqual([[{ n: 42 }], [{ n: 8 }]]);
      const { rows } = await single.executeSql(
        'select name, (generic_plans + custom_plans)::int as calls from pg_prepared_statements',
      );
      expect(rows).toEqual([{ name: 'sql-rows-double', calls: 2 }]);
    } finally {
      await single.close();
    }
  });
});
