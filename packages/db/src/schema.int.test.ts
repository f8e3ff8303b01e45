import { eq, getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import * as schema from './schema';
import { seedOwnedGraph } from './seed-owned-graph';
import { createTestDatabase } from './testing';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const newUser = async (email = `${crypto.randomUUID()}@example.com`) => {
  const [user] = await database.db
    .insert(schema.users)
    .values({ email, fullName: 'Owner', passwordHash: 'x' })
    .returning();
  return user!;
};

/** The SQLSTATE of a failed query (Drizzle wraps driver errors in `cause`). */
async function sqlState(query: Promise<unknown>): Promise<string | undefined> {
  try {
    await query;
    return undefined;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
}
const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';

/** Row counts per table for one workspace (tables without workspace_id are skipped). */
async function countsFor(workspaceId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of Object.values(schema)) {
    if (typeof table !== 'object' || !table || !('workspaceId' in table)) continue;
    const name = getTableName(table as never);
    const { rows } = await database.executeSql(
      `SELECT count(*)::int AS n FROM "${name}" WHERE workspace_id = $1`,
      [workspaceId],
    );
    counts[name] = rows[0]?.n as number;
  }
  return counts;
}

describe('schema constraints', () => {
  it('deleting a workspace removes its rows in every table and leaves other workspaces alone', async () => {
    const [doomed, other] = [await newUser(), await newUser()];
    await seedOwnedGraph(database.db, doomed.id);
    await seedOwnedGraph(database.db, other.id);

    const before = await countsFor(doomed.id);
    const empty = Object.entries(before).filter(([, n]) => n === 0);
    expect(empty, 'the seed should touch every workspace-owned table').toEqual([]);

    // A person's first workspace has their id.
    await database.db.delete(schema.workspaces).where(eq(schema.workspaces.id, doomed.id));
    const after = await countsFor(doomed.id);
    expect(Object.values(after).every((n) => n === 0)).toBe(true);
    expect(await countsFor(other.id)).toEqual(before);
  });

  it('rejects a contact email that differs only in case for the same user, not for another', async () => {
    const [alice, bob] = [await newUser(), await newUser()];
    const contact = (workspaceId: string, email: string) =>
      database.db.insert(schema.contacts).values({ workspaceId, email });
    await contact(alice.id, 'Lead@Example.com');
    expect(await sqlState(contact(alice.id, 'lead@example.COM'))).toBe(UNIQUE_VIOLATION);
    expect(await sqlState(contact(bob.id, 'LEAD@example.com'))).toBeUndefined();
  });

  it('keeps apollo ids unique per user', async () => {
    const [alice, bob] = [await newUser(), await newUser()];
    const contact = (workspaceId: string, email: string) =>
      database.db.insert(schema.contacts).values({ workspaceId, email, apolloId: 'apollo-1' });
    await contact(alice.id, 'a@example.com');
    expect(await sqlState(contact(alice.id, 'b@example.com'))).toBe(UNIQUE_VIOLATION);
    expect(await sqlState(contact(bob.id, 'a@example.com'))).toBeUndefined();
  });

  it('derives the contact display status and industry', async () => {
    const user = await newUser();
    const rows = await database.db
      .insert(schema.contacts)
      .values([
        { workspaceId: user.id, email: 'a@x.com', organization: { industry: 'Software' } },
        { workspaceId: user.id, email: 'b@x.com', unsubscribed: true, personaIndustry: 'Retail' },
        { workspaceId: user.id, email: 'c@x.com', unsubscribed: true, suppressed: true },
      ])
      .returning({ status: schema.contacts.status, industry: schema.contacts.industry });
    expect(rows).toEqual([
      { status: 'active', industry: 'Software' },
      { status: 'unsubscribed', industry: 'Retail' },
      { status: 'suppressed', industry: null },
    ]);
  });

  it('allows one alias per account and address', async () => {
    const user = await newUser();
    const [account] = await database.db
      .insert(schema.gmailAccounts)
      .values({ workspaceId: user.id, googleUserId: 'g-1', email: 'me@gmail.com' })
      .returning();
    const alias = () =>
      database.db
        .insert(schema.gmailAliases)
        .values({ workspaceId: user.id, accountId: account!.id, sendAsEmail: 'sales@example.com' });
    await alias();
    expect(await sqlState(alias())).toBe(UNIQUE_VIOLATION);
    expect(
      await sqlState(
        database.db
          .insert(schema.gmailAccounts)
          .values({ workspaceId: user.id, googleUserId: 'g-1', email: 'me@gmail.com' }),
      ),
    ).toBe(UNIQUE_VIOLATION);
  });

  it('allows one setting per user and key', async () => {
    const [alice, bob] = [await newUser(), await newUser()];
    const setting = (workspaceId: string, max: number) =>
      database.db
        .insert(schema.settings)
        .values({ workspaceId, key: 'contacts', value: { maxContinuousNotOpens: max } });
    await setting(alice.id, 3);
    expect(await sqlState(setting(alice.id, 5))).toBe(UNIQUE_VIOLATION);
    expect(await sqlState(setting(bob.id, 5))).toBeUndefined();
  });

  it('rejects values outside an enumeration', async () => {
    const user = await newUser();
    const insert = database.db.insert(schema.sequences).values({
      workspaceId: user.id,
      name: 'Bad',
      status: sql`'exploded'` as never,
    });
    expect(await sqlState(insert)).toBe(CHECK_VIOLATION);
  });
});
