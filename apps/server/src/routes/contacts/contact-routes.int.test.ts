import { contacts } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOf, type SignedInClient, signedInClient } from '../../testing/contact-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClient } from '../../testing/test-client';

let t: TestApp;
let me: SignedInClient;
let other: SignedInClient;
beforeAll(async () => {
  t = await createTestApp();
  me = await signedInClient(t.app);
  other = await signedInClient(t.app);
});
afterAll(() => t?.close());

describe('creating a contact', () => {
  it('defaults the name, the flags and the source, and links it to the list', async () => {
    const listId = await me.list();
    const email = emailOf('ada');
    const response = await me.post('/api/contacts', {
      email: ` ${email} `,
      firstName: 'Ada',
      lastName: 'Lovelace',
      title: 'CTO',
      personaId: listId,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      email,
      name: 'Ada Lovelace',
      title: 'CTO',
      suppressed: false,
      unsubscribed: false,
      hardBounced: false,
      tags: [],
      metadata: { source: 'manual' },
      personaId: listId,
      personaIndustry: 'Software',
      industry: 'Software',
      status: 'active',
    });
    const members = (await me.get(`/api/personas/${listId}/contacts`)).json();
    expect(members.contacts.map((c: { email: string }) => c.email)).toEqual([email]);
  });

  it('names a contact with only an email after the email', async () => {
    const email = emailOf('only');
    expect((await me.post('/api/contacts', { email, firstName: ' ' })).json().name).toBe(email);
    const first = await me.post('/api/contacts', { email: emailOf('first'), firstName: 'Grace' });
    expect(first.json().name).toBe('Grace');
  });

  it('answers 409 DUPLICATE_EMAIL for an address the user has, in any case', async () => {
    const email = emailOf('dup');
    const existingId = await me.contact(email);
    const response = await me.post('/api/contacts', { email: email.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'This email address already exists',
      code: 'DUPLICATE_EMAIL',
      contactId: existingId,
    });
    // Another user may keep the same address, and never learns this user's contact.
    const theirs = await other.post('/api/contacts', { email });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(existingId);
  });

  it('names the existing contact in the 409, so it can be added to the list the form was for', async () => {
    const email = emailOf('known');
    const firstList = await me.list('First list');
    const secondList = await me.list('Second list');
    const existingId = await me.contact(email, { personaId: firstList });
    const refused = await me.post('/api/contacts', { email, personaId: secondList });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'This email address already exists',
      contactId: existingId,
    });

    const added = await me.post(`/api/personas/${secondList}/contacts`, {
      contactId: refused.json().contactId,
    });
    expect(added.statusCode).toBe(201);
    const members = (await me.get(`/api/personas/${secondList}/contacts`)).json();
    expect(members.contacts.map((c: { id: string }) => c.id)).toEqual([existingId]);
    // Another user cannot add that contact to a list of theirs.
    const theirList = await other.list();
    const stolen = await other.post(`/api/personas/${theirList}/contacts`, { contactId: existingId });
    expect(stolen.statusCode).toBe(404);
  });

  it('answers 409 CONFLICT for an Apollo id the user has', async () => {
    await me.contact(emailOf('apollo-a'), { apolloId: 'apollo-1' });
    const response = await me.post('/api/contacts', { email: emailOf('apollo-b'), apolloId: 'apollo-1' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('CONFLICT');
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: '   ' }, 'Email is required'],
    [{ email: 'no-at-sign' }, 'Invalid email address'],
    [{ email: 'a@b.co', personaId: 'nope' }, 'Email list not found'],
    [{ email: 'a@b.co', title: 'x'.repeat(501) }, 'Title is too long (at most 500 characters)'],
  ])('refuses %j with "%s"', async (body, message) => {
    const response = await me.post('/api/contacts', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
  });

  it("will not put a contact in another user's list", async () => {
    const theirs = await other.list();
    const response = await me.post('/api/contacts', { email: emailOf('x'), personaId: theirs });
    expect([response.statusCode, response.json().message]).toEqual([404, 'Email list not found']);
  });
});

describe('one contact', () => {
  it('reads, updates and deletes', async () => {
    const id = await me.contact(emailOf('edit'), { firstName: 'Old' });
    expect((await me.get(`/api/contacts/${id}`)).json().firstName).toBe('Old');
    const newEmail = emailOf('renamed');
    const updated = await me.patch(`/api/contacts/${id}`, {
      email: newEmail,
      firstName: 'New',
      industry: 'Robotics',
      suppressed: true,
      tags: ['blacklist'],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      email: newEmail,
      firstName: 'New',
      industry: 'Robotics',
      status: 'suppressed',
      tags: ['blacklist'],
    });
    expect((await me.patch(`/api/contacts/${id}`, { name: '' })).json().name).toBe('New');

    expect((await me.delete(`/api/contacts/${id}`)).json()).toEqual({ success: true });
    expect((await me.get(`/api/contacts/${id}`)).statusCode).toBe(404);
    expect((await me.delete(`/api/contacts/${id}`)).statusCode).toBe(404);
  });

  it('refuses an empty or taken email on edit', async () => {
    const taken = emailOf('taken');
    await me.contact(taken);
    const id = await me.contact(emailOf('mine'));
    const empty = await me.patch(`/api/contacts/${id}`, { email: '' });
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'Email address is required']);
    const duplicate = await me.patch(`/api/contacts/${id}`, { email: taken.toUpperCase() });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      message: 'This email address already exists',
      code: 'DUPLICATE_EMAIL',
    });
    const flag = await me.patch(`/api/contacts/${id}`, { suppressed: 'yes' });
    expect([flag.statusCode, flag.json().message]).toEqual([400, 'Suppressed must be a boolean']);
  });

  it("answers 404 for another user's contact and a malformed id", async () => {
    const id = await me.contact(emailOf('private'));
    for (const response of [
      await other.get(`/api/contacts/${id}`),
      await other.patch(`/api/contacts/${id}`, { firstName: 'Mallory' }),
      await other.delete(`/api/contacts/${id}`),
      await me.get('/api/contacts/123'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Contact not found', code: 'NOT_FOUND' });
    }
    expect((await me.get(`/api/contacts/${id}`)).json().firstName).toBeNull();
  });
});

describe('the contacts page', () => {
  let client: SignedInClient;
  const ids: string[] = [];
  beforeAll(async () => {
    client = await signedInClient(t.app);
    // 25 contacts a second apart: 5 suppressed, 3 unsubscribed, 10 in Fintech.
    for (let i = 0; i < 25; i += 1) {
      t.clock.advance(1000);
      ids.push(
        await client.contact(emailOf(`page-${i}`), {
          industry: i < 10 ? 'Fintech' : 'Retail',
        }),
      );
    }
    for (const id of ids.slice(0, 5)) await client.patch(`/api/contacts/${id}`, { suppressed: true });
    for (const id of ids.slice(5, 8)) await client.patch(`/api/contacts/${id}`, { unsubscribed: true });
  });

  it('pages newest first, 20 a page, with the total and the status counts', async () => {
    const first = (await client.get('/api/contacts')).json();
    expect(first.total).toBe(25);
    expect(first.stats).toEqual({ active: 17, suppressed: 5, unsubscribed: 3 });
    expect(first.contacts.map((c: { id: string }) => c.id)).toEqual(ids.slice(5).reverse());
    const second = (await client.get('/api/contacts?page=2&limit=20')).json();
    expect(second.contacts.map((c: { id: string }) => c.id)).toEqual(ids.slice(0, 5).reverse());
  });

  it('sorts oldest first on request', async () => {
    const page = (await client.get('/api/contacts?sortBy=createdAt&sortOrder=asc&limit=3')).json();
    expect(page.contacts.map((c: { id: string }) => c.id)).toEqual(ids.slice(0, 3));
  });

  it('filters by status and by industry, and both', async () => {
    const suppressed = (await client.get('/api/contacts?statusFilter=suppressed')).json();
    expect(suppressed.total).toBe(5);
    expect(suppressed.contacts.every((c: { status: string }) => c.status === 'suppressed')).toBe(true);
    expect(suppressed.stats).toEqual({ active: 17, suppressed: 5, unsubscribed: 3 });
    const active = (await client.get('/api/contacts?statusFilter=active')).json();
    expect([active.total, active.contacts.length]).toEqual([17, 17]);
    const fintech = (await client.get('/api/contacts?industryFilter=Fintech')).json();
    expect(fintech.total).toBe(10);
    const both = (await client.get('/api/contacts?industryFilter=Fintech&statusFilter=active')).json();
    expect(both.total).toBe(2);
    expect(both.contacts.map((c: { id: string }) => c.id)).toEqual([ids[9], ids[8]]);
    const all = (await client.get('/api/contacts?statusFilter=all&industryFilter=all')).json();
    expect(all.total).toBe(25);
    expect((await client.get('/api/contacts/industries')).json()).toEqual(['Fintech', 'Retail']);
  });

  it.each([
    ['limit=101', 'Must be at most 100'],
    ['page=0', 'Must be at least 1'],
    ['page=abc', 'Must be a number'],
    ['sortBy=email', 'Contacts can only be sorted by createdAt'],
    ['sortOrder=up', 'Sort order must be asc or desc'],
    ['statusFilter=bounced', 'Status filter must be all, active, unsubscribed or suppressed'],
  ])('refuses ?%s', async (query, message) => {
    const response = await client.get(`/api/contacts?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR' });
  });

  it('answers odd input with a 4xx, never a 500', async () => {
    for (const url of [
      '/api/contacts?page=1&page=2',
      '/api/contacts?industryFilter=a&industryFilter=b',
      '/api/contacts?limit=1e400',
      `/api/contacts?industryFilter=${'x'.repeat(300)}`,
    ]) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    for (const body of [
      [],
      'text',
      { email: 42 },
      { email: 'a@b.co', tags: 'vip' },
      { email: 'a@b.co', metadata: [] },
    ]) {
      const response = await client.post('/api/contacts', body as object);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("never shows another user's contacts", async () => {
    const page = (await other.get('/api/contacts?limit=100')).json();
    expect(page.contacts.some((c: { id: string }) => ids.includes(c.id))).toBe(false);
    expect((await createClient(t.app).get('/api/contacts')).statusCode).toBe(401);
  });

  it('shows hard bounces as they are stored', async () => {
    await t.database.db.update(contacts).set({ hardBounced: true }).where(eq(contacts.id, ids[20]!));
    const contact = (await client.get(`/api/contacts/${ids[20]}`)).json();
    expect([contact.hardBounced, contact.status]).toEqual([true, 'active']);
  });
});
