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
  const body = response.json() as { contacts: { name: string }[]; total: number };
  return { names: body.contacts.map((c) => c.name).sort(), total: body.total };
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
