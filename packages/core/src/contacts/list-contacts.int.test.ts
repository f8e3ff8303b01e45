import type { ContactListQuery } from '@prospector/contracts';
import { type AppDb, contacts, type Database, personaContacts, personas } from '@prospector/db';
import { createTestDatabase } from '@prospector/db/testing';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../auth/user-store';
import { systemClock } from '../clock';
import { contactMatches, searchTerms } from './contact-search';
import { listContacts } from './list-contacts';

let database: Database;
let db: AppDb;
let workspaceId: string;
let listId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  workspaceId = await newUser();
  listId = await newList(workspaceId);
  const start = Date.parse('2026-01-01T00:00:00Z');
  const rows = await db
    .insert(contacts)
    .values(
      Array.from({ length: 60 }, (_, i) => ({
        workspaceId,
        email: `c${i}@example.com`,
        name: i % 4 === 0 ? `Growth Lead ${i}` : `Plain Person ${i}`,
        suppressed: i % 3 === 0,
        unsubscribed: i % 5 === 0,
        // Pairs share a creation time, so the id decides their order.
        createdAt: new Date(start + Math.floor(i / 2) * 60_000),
      })),
    )
    .returning({ id: contacts.id });
  const members = rows.filter((_, i) => i % 2 === 0 || i % 7 === 0);
  await db
    .insert(personaContacts)
    .values(members.map(({ id }) => ({ personaId: listId, contactId: id, workspaceId })));
});
afterAll(() => database?.close());

async function newUser() {
  const email = `${crypto.randomUUID()}@example.com`;
  const user = await insertUser(db, { email, fullName: 'Lists', passwordHash: 'x', now: systemClock.now() });
  return user!.id;
}

async function newList(owner: string) {
  const [list] = await db
    .insert(personas)
    .values({
      workspaceId: owner,
      name: 'Small list',
      industry: 'Fintech',
      jobTitle: 'CEO',
      location: 'Berlin',
    })
    .returning();
  return list!.id;
}

const query = (overrides: Partial<ContactListQuery>): ContactListQuery => ({
  page: 1,
  limit: 7,
  sortBy: 'createdAt',
  sortOrder: 'desc',
  statusFilter: 'all',
  industryFilter: undefined,
  leadStatusFilter: undefined,
  search: undefined,
  personaId: undefined,
  ...overrides,
});

/** The list's contacts as read when each membership's own workspace_id was checked, in the page's order. */
async function byMembershipOwner(q: ContactListQuery) {
  const status = q.statusFilter === 'all' ? undefined : q.statusFilter;
  const terms = q.search ? await searchTerms(db, q.search) : undefined;
  const order = q.sortOrder === 'asc' ? asc : desc;
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.workspaceId, workspaceId),
        status ? eq(contacts.status, status) : undefined,
        terms ? contactMatches(terms) : undefined,
        sql`exists (select 1 from ${personaContacts} where ${personaContacts.personaId} = ${q.personaId}
          and ${personaContacts.workspaceId} = ${workspaceId} and ${personaContacts.contactId} = ${contacts.id})`,
      ),
    )
    .orderBy(order(contacts.createdAt), order(contacts.id));
  const offset = (q.page - 1) * q.limit;
  return { ids: rows.slice(offset, offset + q.limit).map((row) => row.id), total: rows.length };
}

async function listed(owner: string, q: ContactListQuery) {
  const page = await listContacts({ db, clock: systemClock }, owner, q);
  return { ids: page.contacts.map((contact) => contact.id), total: page.total };
}

describe('listContacts filtered by an email list, alone or with another filter', () => {
  it.each([
    ['no other filter', {}],
    ['no other filter, third page', { page: 3 }],
    ['no other filter, oldest first', { sortOrder: 'asc', page: 2 }],
    ['a status', { statusFilter: 'active' }],
    ['a status, second page', { statusFilter: 'active', page: 2 }],
    ['a status, oldest first', { statusFilter: 'suppressed', sortOrder: 'asc' }],
    ['a status and a search', { statusFilter: 'active', search: 'growth' }],
    ['a search, second page', { search: 'person', page: 2 }],
  ] as const)('gives the pages and total of the list’s members with %s', async (_, overrides) => {
    const q = query({ personaId: listId, ...overrides });
    const expected = await byMembershipOwner(q);
    expect(expected.ids.length).toBeGreaterThan(0);
    expect(await listed(workspaceId, q)).toEqual(expected);
  });

  it('gives another user nothing from the list', async () => {
    const stranger = await newUser();
    expect(await listed(stranger, query({ personaId: listId, statusFilter: 'active' }))).toEqual({
      ids: [],
      total: 0,
    });
  });
});

/** The owner's contacts of the query's status, in the page's order, read directly. */
async function byOwner(owner: string, q: ContactListQuery) {
  const status = q.statusFilter === 'all' ? undefined : q.statusFilter;
  const order = q.sortOrder === 'asc' ? asc : desc;
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.workspaceId, owner), status ? eq(contacts.status, status) : undefined))
    .orderBy(order(contacts.createdAt), order(contacts.id));
  const offset = (q.page - 1) * q.limit;
  return { ids: rows.slice(offset, offset + q.limit).map((row) => row.id), total: rows.length };
}

describe('listContacts without a list or a search', () => {
  it('answers each call with its own owner, status, search and page, whichever call built the statement', async () => {
    const other = await newUser();
    await db.insert(contacts).values(
      Array.from({ length: 9 }, (_, i) => ({
        workspaceId: other,
        email: `o${i}@example.com`,
        suppressed: i < 2,
      })),
    );
    const calls: [string, ContactListQuery][] = [
      [workspaceId, query({})],
      [other, query({})],
      [workspaceId, query({ statusFilter: 'suppressed' })],
      [workspaceId, query({ statusFilter: 'active', page: 2 })],
      [other, query({ statusFilter: 'suppressed' })],
      [workspaceId, query({ sortOrder: 'asc', page: 3 })],
      [other, query({ sortOrder: 'asc', page: 2 })],
      [workspaceId, query({ statusFilter: 'unsubscribed', sortOrder: 'asc' })],
    ];
    for (const [owner, q] of calls) {
      const expected = await byOwner(owner, q);
      expect(expected.ids.length).toBeGreaterThan(0);
      expect(await listed(owner, q)).toEqual(expected);
    }
    const [o3] = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(eq(contacts.email, 'o3@example.com'));
    expect(await listed(other, query({ search: 'O3@' }))).toEqual({ ids: [o3!.id], total: 1 });
    const growth = await byOwner(workspaceId, query({ sortOrder: 'asc', limit: 60 }));
    const named = await db.select({ id: contacts.id, name: contacts.name }).from(contacts);
    const growthIds = growth.ids.filter((id) =>
      named.find((row) => row.id === id)?.name?.startsWith('Growth'),
    );
    expect(
      await listed(workspaceId, query({ search: 'growth', sortOrder: 'asc', page: 2, limit: 5 })),
    ).toEqual({
      ids: growthIds.slice(5, 10),
      total: growthIds.length,
    });
    expect(await listed(other, query({ search: 'growth' }))).toEqual({ ids: [], total: 0 });
  });
});
