import { SEARCH_COUNT_CAP } from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOf, type SignedInClient, signedInClient } from '../../testing/contact-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let me: SignedInClient;
let other: SignedInClient;
let listId: string;
beforeAll(async () => {
  t = await createTestApp();
  me = await signedInClient(t.app);
  other = await signedInClient(t.app);
  listId = await me.list();
  await me.contact('zoe.found@example.com', {
    name: 'Zoë Ångström',
    organizationName: 'Nordlicht',
    personaId: listId,
  });
  await me.contact(emailOf('title'), { name: 'Max Power', title: 'Head of Growth' });
  await me.contact(emailOf('company'), {
    name: 'Ada Byron',
    organizationName: 'Analytical Engines',
    personaId: listId,
  });
  await me.contact(emailOf('plain'), { name: 'Percent 100%' });
  await other.contact(emailOf('theirs'), { name: 'Zoe Other' });
});
afterAll(() => t?.close());

const found = async (client: SignedInClient, url: string) => {
  const response = await client.get(url);
  expect(response.statusCode).toBe(200);
  const body = response.json() as { contacts: { name: string }[]; total: number; totalIsExact: boolean };
  expect(body.totalIsExact).toBe(true);
  return { names: body.contacts.map((c) => c.name).sort(), total: body.total };
};

/** A page of a search, its names in the order given, with the total and whether it is exact. */
const searched = async (client: SignedInClient, url: string) => {
  const response = await client.get(url);
  expect(response.statusCode).toBe(200);
  const body = response.json() as { contacts: { name: string }[]; total: number; totalIsExact: boolean };
  return { names: body.contacts.map((c) => c.name), total: body.total, totalIsExact: body.totalIsExact };
};

describe('GET /api/contacts?search', () => {
  it('finds by name ignoring accents and case, only among the user’s contacts', async () => {
    expect(await found(me, '/api/contacts?search=zoe')).toEqual({ names: ['Zoë Ångström'], total: 1 });
    expect(await found(me, '/api/contacts?search=ANGSTROM')).toEqual({ names: ['Zoë Ångström'], total: 1 });
  });

  it('finds by email, company and title', async () => {
    expect((await found(me, '/api/contacts?search=zoe.found@')).names).toEqual(['Zoë Ångström']);
    expect((await found(me, '/api/contacts?search=analytical')).names).toEqual(['Ada Byron']);
    expect((await found(me, '/api/contacts?search=growth')).names).toEqual(['Max Power']);
  });

  it('takes % and _ as the characters they are', async () => {
    expect((await found(me, '/api/contacts?search=100%25')).names).toEqual(['Percent 100%']);
    expect((await found(me, '/api/contacts?search=_')).names).toEqual([]);
  });

  it('filters by email list, with and without a search', async () => {
    expect(await found(me, `/api/contacts?personaId=${listId}`)).toEqual({
      names: ['Ada Byron', 'Zoë Ångström'],
      total: 2,
    });
    expect(await found(me, `/api/contacts?personaId=${listId}&search=byron`)).toEqual({
      names: ['Ada Byron'],
      total: 1,
    });
    expect((await found(other, `/api/contacts?personaId=${listId}`)).total).toBe(0);
  });

  it('counts a list’s contacts as they leave it, alone and with a status filter', async () => {
    const list = await me.list('Leaving');
    await me.contact(emailOf('staying'), { name: 'Stays Here', personaId: list });
    const leaving = await me.contact(emailOf('leaving'), { name: 'Leaves Soon', personaId: list });
    expect((await found(me, `/api/contacts?personaId=${list}`)).total).toBe(2);

    expect((await me.delete(`/api/personas/${list}/contacts/${leaving}`)).statusCode).toBe(200);
    expect(await found(me, `/api/contacts?personaId=${list}`)).toEqual({ names: ['Stays Here'], total: 1 });
    expect(await found(me, `/api/contacts?personaId=${list}&statusFilter=active`)).toEqual({
      names: ['Stays Here'],
      total: 1,
    });
    expect(await found(me, `/api/contacts?personaId=${list}&statusFilter=suppressed`)).toEqual({
      names: [],
      total: 0,
    });
  });

  it('refuses a search that is too long and a list id that is not one, with a 400', async () => {
    const long = await me.get(`/api/contacts?search=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Search text is too long');
    expect((await me.get('/api/contacts?personaId=nope')).json().message).toBe('Email list not found');
  });
});

describe('GET /api/personas/{id}/contacts?search', () => {
  it('searches the list’s contacts only', async () => {
    expect(await found(me, `/api/personas/${listId}/contacts?search=zoe`)).toEqual({
      names: ['Zoë Ångström'],
      total: 1,
    });
    expect(await found(me, `/api/personas/${listId}/contacts?search=power`)).toEqual({ names: [], total: 0 });
  });
});

describe('a search that matches more contacts than are counted', () => {
  let many: SignedInClient;
  let manyList: string;
  // Imported in file order, so Lead 1254 is the newest; every fifth is a Director instead.
  const rows = Array.from({ length: SEARCH_COUNT_CAP + 254 }, (_, i) => ({
    email: `lead${i + 1}@example.com`,
    name: `Lead ${i + 1}`,
    title: (i + 1) % 5 === 0 ? 'Director' : 'Manager',
  }));
  const leads = (...numbers: number[]) => numbers.map((n) => `Lead ${n}`);
  beforeAll(async () => {
    many = await signedInClient(t.app);
    manyList = await many.list();
    const imported = await many.post(`/api/personas/${manyList}/import-contacts`, { rows });
    expect(imported.json().inserted).toBe(rows.length);
  });

  it('counts up to the cap, says the total is not exact, and pages the newest matches first', async () => {
    expect(await searched(many, '/api/contacts?search=manager&limit=3')).toEqual({
      names: leads(1254, 1253, 1252),
      total: SEARCH_COUNT_CAP,
      totalIsExact: false,
    });
    expect(await searched(many, '/api/contacts?search=manager&limit=3&sortOrder=asc&page=2')).toEqual({
      names: leads(4, 6, 7),
      total: SEARCH_COUNT_CAP,
      totalIsExact: false,
    });
    // Past the cap the pages go on: 1,004 managers, 20 a page, the 51st page holds the 4 oldest.
    expect((await searched(many, '/api/contacts?search=manager&page=51')).names).toEqual(leads(4, 3, 2, 1));
  });

  it('counts exactly up to the cap, with the page in order', async () => {
    expect(await searched(many, '/api/contacts?search=director&limit=2&page=3')).toEqual({
      names: leads(1230, 1225),
      total: 250,
      totalIsExact: true,
    });
    expect(await searched(many, '/api/contacts?search=director&sortOrder=asc&limit=2&page=125')).toEqual({
      names: leads(1245, 1250),
      total: 250,
      totalIsExact: true,
    });
    expect(await searched(many, '/api/contacts?search=director&page=20')).toEqual({
      names: [],
      total: 250,
      totalIsExact: true,
    });
  });

  it('caps a list’s search the same way', async () => {
    expect(await searched(many, `/api/personas/${manyList}/contacts?search=manager&limit=2`)).toEqual({
      names: leads(1254, 1253),
      total: SEARCH_COUNT_CAP,
      totalIsExact: false,
    });
    expect(await searched(many, `/api/personas/${manyList}/contacts?search=director&limit=2&page=2`)).toEqual(
      {
        names: leads(1240, 1235),
        total: 250,
        totalIsExact: true,
      },
    );
    expect(
      (await searched(many, `/api/contacts?personaId=${manyList}&search=manager&page=51`)).names,
    ).toEqual(leads(4, 3, 2, 1));
  });
});

describe('a search once the contacts have statistics', () => {
  let counted: SignedInClient;
  beforeAll(async () => {
    counted = await signedInClient(t.app);
    const list = await counted.list();
    const rows = Array.from({ length: 600 }, (_, i) => ({
      email: `person${i + 1}@example.com`,
      name: `Person ${i + 1}`,
      title: 'Head of Sales',
    }));
    await counted.post(`/api/personas/${list}/import-contacts`, { rows });
    await t.database.executeSql('analyze contacts', []);
  });

  it('asks the index only for the rare part of the text, and still finds exactly the matches', async () => {
    const { rows } = await t.database.executeSql(`select contact_search_key('person123@example.com') as key`);
    const key = String(rows[0]?.key);
    expect(key.length).toBeLessThan('person123@example.com'.length);
    expect('person123@example.com').toContain(key);
    expect(await found(counted, '/api/contacts?search=person123@example.com')).toEqual({
      names: ['Person 123'],
      total: 1,
    });
    expect(await found(counted, '/api/contacts?search=son 12')).toEqual({
      names: ['Person 12', ...Array.from({ length: 10 }, (_, i) => `Person ${120 + i}`)].sort(),
      total: 11,
    });
  });
});
