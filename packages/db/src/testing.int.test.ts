import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { users } from './schema';
import { createTestDatabase } from './testing';

const expectedDriver = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const open: Database[] = [];

async function fresh(): Promise<Database> {
  const database = await createTestDatabase();
  open.push(database);
  return database;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((database) => database.close()));
});

const newUser = (email: string) => ({ email, fullName: 'Test User', passwordHash: 'x' });

describe('createTestDatabase', () => {
  it('returns a migrated database on the active driver', async () => {
    const database = await fresh();
    expect(database.driver).toBe(expectedDriver);
    const { rows } = await database.executeSql(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'users'",
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('gives each caller its own database, even when created at once', async () => {
    const [a, b, c] = await Promise.all([fresh(), fresh(), fresh()]);
    await a.db.insert(users).values(newUser('a@example.com'));
    await b.db.insert(users).values([newUser('b1@example.com'), newUser('b2@example.com')]);
    const count = async (database: Database) =>
      (await database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n;
    expect([await count(a), await count(b), await count(c)]).toEqual([1, 2, 0]);
  });

  it('starts empty again after an earlier test wrote rows', async () => {
    const database = await fresh();
    expect(await database.db.select().from(users)).toEqual([]);
  });

  it.runIf(expectedDriver === 'postgres')('drops the PostgreSQL database on close', async () => {
    const database = await createTestDatabase();
    const { rows } = await database.executeSql('SELECT current_database() AS name');
    const name = rows[0]?.name as string;
    await database.close();
    const admin = await createTestDatabase();
    open.push(admin);
    const left = await admin.executeSql('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    expect(left.rows).toEqual([]);
  });
});
