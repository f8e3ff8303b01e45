import {
  type AppDb,
  contactCounts,
  contacts,
  type Database,
  personaContacts,
  personas,
  users,
  workspaces,
} from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactIndustries, contactTotals } from './contact-counts';

let database: Database;
let db: AppDb;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database?.close());

async function newUser() {
  const [user] = await db
    .insert(users)
    .values({ email: `${crypto.randomUUID()}@example.com`, fullName: 'Counts', passwordHash: 'x' })
    .returning();
  return user!.id;
}

/** The counts the triggers keep, next to the counts of the rows themselves. */
async function kept(workspaceId: string) {
  const stored = await db
    .select({ status: contactCounts.status, industry: contactCounts.industry, n: contactCounts.contacts })
    .from(contactCounts)
    .where(eq(contactCounts.workspaceId, workspaceId));
  const actual = await db
    .select({
      status: contacts.status,
      industry: sql<string>`coalesce(${contacts.industry}, '')`,
      n: sql<number>`count(*)::int`,
    })
    .from(contacts)
    .where(eq(contacts.workspaceId, workspaceId))
    .groupBy(contacts.status, sql`2`);
  const key = (r: { status: string; industry: string }) => `${r.status}/${r.industry}`;
  const asMap = (rows: { status: string; industry: string; n: number }[]) =>
    Object.fromEntries(rows.filter((r) => r.n !== 0).map((r) => [key(r), r.n]));
  return { stored: asMap(stored), actual: asMap(actual) };
}

describe('contact counts (decision 008)', () => {
  it('stay exact through inserts, updates and deletes', async () => {
    const workspaceId = await newUser();
    await db.insert(contacts).values(
      Array.from({ length: 30 }, (_, i) => ({
        workspaceId,
        email: `c${i}@example.com`,
        organization: i % 3 === 0 ? { industry: 'Fintech' } : null,
        personaIndustry: i % 3 === 1 ? 'Retail' : null,
      })),
    );
    await db.update(contacts).set({ suppressed: true }).where(sql`${contacts.email} like 'c1%'`);
    await db.update(contacts).set({ unsubscribed: true }).where(sql`${contacts.email} like 'c2%'`);
    await db.update(contacts).set({ notOpenedStreak: 2 }).where(eq(contacts.workspaceId, workspaceId));
    await db.delete(contacts).where(sql`${contacts.email} in ('c0@example.com', 'c5@example.com')`);
    const { stored, actual } = await kept(workspaceId);
    expect(stored).toEqual(actual);
    expect(Object.values(stored).reduce((a, b) => a + b, 0)).toBe(28);

    const totals = await contactTotals(db, workspaceId, {});
    expect(totals.total).toBe(28);
    // c1, c10-c19 suppressed; c2, c20-c29 unsubscribed; c0 and c5 deleted.
    expect(totals.stats).toEqual({ active: 6, suppressed: 11, unsubscribed: 11 });
    const fintechSuppressed = await contactTotals(db, workspaceId, {
      status: 'suppressed',
      industry: 'Fintech',
    });
    expect(fintechSuppressed.total).toBe(actual['suppressed/Fintech'] ?? 0);
    expect(await contactIndustries(db, workspaceId)).toEqual(['Fintech', 'Retail']);
  });

  it("keep each list's size, and go with a deleted workspace", async () => {
    const workspaceId = await newUser();
    const [list] = await db
      .insert(personas)
      .values({ workspaceId, name: 'L', industry: 'I', jobTitle: 'J', location: 'L' })
      .returning();
    const rows = await db
      .insert(contacts)
      .values(Array.from({ length: 5 }, (_, i) => ({ workspaceId, email: `p${i}@example.com` })))
      .returning({ id: contacts.id });
    await db
      .insert(personaContacts)
      .values(rows.map((r) => ({ workspaceId, personaId: list!.id, contactId: r.id })));
    await db.delete(contacts).where(eq(contacts.id, rows[0]!.id));
    const [after] = await db.select().from(personas).where(eq(personas.id, list!.id));
    expect(after!.contactCount).toBe(4);

    await db.delete(personas).where(eq(personas.id, list!.id));
    await db.delete(workspaces).where(eq(workspaces.id, workspaceId));
    expect(await db.select().from(contactCounts).where(eq(contactCounts.workspaceId, workspaceId))).toEqual(
      [],
    );
  });
});
