import { LIST_REMOVAL_JOB, removeDeletedLists } from '@prospector/core';
import { sequencePersonas, sequences } from '@prospector/db';
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

const REQUIRED = 'Name, industry, job title, and location are required';
const fields = { name: 'CTOs', industry: 'Software', jobTitle: 'CTO', location: 'Berlin' };

describe('email lists', () => {
  it('needs a session', async () => {
    const response = await createClient(t.app).get('/api/personas');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Not authenticated', code: 'UNAUTHORIZED' });
  });

  it('creates, reads, lists, updates and deletes a list', async () => {
    const created = await me.post('/api/personas', {
      name: '  Founders ',
      industry: 'Fintech',
      jobTitle: 'CEO',
      location: 'Paris',
      description: '',
    });
    expect(created.statusCode).toBe(201);
    const list = created.json();
    expect(list).toMatchObject({
      name: 'Founders',
      industry: 'Fintech',
      jobTitle: 'CEO',
      location: 'Paris',
      description: null,
      contactCount: 0,
      sequenceCount: 0,
    });
    // Read back, the list names the member who made it.
    const read = { ...list, createdByName: 'Test User' };
    expect((await me.get(`/api/personas/${list.id}`)).json()).toEqual(read);
    expect((await me.get('/api/personas')).json()).toContainEqual(read);

    const updated = await me.patch(`/api/personas/${list.id}`, {
      description: 'Seed stage',
      location: 'Lyon',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Founders', location: 'Lyon', description: 'Seed stage' });

    expect((await me.delete(`/api/personas/${list.id}`)).json()).toEqual({ success: true });
    expect((await me.get(`/api/personas/${list.id}`)).statusCode).toBe(404);
  });

  it.each([
    ['name missing', { ...fields, name: undefined }],
    ['industry blank', { ...fields, industry: '   ' }],
    ['jobTitle empty', { ...fields, jobTitle: '' }],
    ['location null', { ...fields, location: null }],
  ])('refuses a list with %s', async (_case, body) => {
    const response = await me.post('/api/personas', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: REQUIRED, code: 'VALIDATION_ERROR' });
  });

  it.each([
    [{ ...fields, name: 'x'.repeat(201) }, 'Name must be at most 200 characters'],
    [{ ...fields, industry: 'x'.repeat(201) }, 'Industry must be at most 200 characters'],
    [{ ...fields, description: 'x'.repeat(2001) }, 'Description must be at most 2000 characters'],
  ])('refuses a text over its maximum and names the field', async (body, message) => {
    const response = await me.post('/api/personas', body);
    expect([response.statusCode, response.json().message]).toEqual([400, message]);
  });

  it('refuses an update that empties a required field', async () => {
    const id = await me.list();
    const response = await me.patch(`/api/personas/${id}`, { name: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(REQUIRED);
  });

  it("answers 404 for another user's list and for a malformed id", async () => {
    const id = await me.list();
    const contactId = await me.contact(emailOf('mine'), { personaId: id });
    const notFound = { message: 'Email list not found', code: 'NOT_FOUND' };
    for (const response of [
      await other.get(`/api/personas/${id}`),
      await other.patch(`/api/personas/${id}`, fields),
      await other.delete(`/api/personas/${id}`),
      await other.get(`/api/personas/${id}/contacts`),
      await other.get(`/api/personas/${id}/sequences`),
      await other.post(`/api/personas/${id}/contacts`, { contactId }),
      await other.delete(`/api/personas/${id}/contacts/${contactId}`),
      await other.post(`/api/personas/${id}/import-contacts`, { rows: [{ email: emailOf('x') }] }),
      await me.get('/api/personas/not-a-uuid'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    expect((await other.get('/api/personas')).json()).toEqual([]);
    expect((await me.get(`/api/personas/${id}`)).json().contactCount).toBe(1);
  });
});

describe("a list's contacts", () => {
  it('links, lists, and unlinks contacts; the contact itself stays', async () => {
    const id = await me.list();
    const first = await me.contact(emailOf('first'), { personaId: id });
    const second = await me.contact(emailOf('second'));

    const linked = await me.post(`/api/personas/${id}/contacts`, { contactId: second });
    expect([linked.statusCode, linked.json()]).toEqual([201, { added: true }]);
    const again = await me.post(`/api/personas/${id}/contacts`, { contactId: second });
    expect([again.statusCode, again.json()]).toEqual([200, { added: false }]);

    const page = (await me.get(`/api/personas/${id}/contacts?page=1&limit=20`)).json();
    expect(page.total).toBe(2);
    expect(page.contacts.map((c: { id: string }) => c.id).sort()).toEqual([first, second].sort());
    expect((await me.get(`/api/personas/${id}/contacts?limit=1&page=2`)).json().contacts).toHaveLength(1);
    const theirList = await other.list();
    const theirs = await other.contact(emailOf('theirs'), { personaId: theirList });
    const theirPage = (await other.get(`/api/personas/${theirList}/contacts`)).json();
    expect([theirPage.total, theirPage.contacts.map((c: { id: string }) => c.id)]).toEqual([1, [theirs]]);

    expect((await me.delete(`/api/personas/${id}/contacts/${first}`)).json()).toEqual({ success: true });
    const gone = await me.delete(`/api/personas/${id}/contacts/${first}`);
    expect(gone.statusCode).toBe(404);
    expect((await me.get(`/api/contacts/${first}`)).statusCode).toBe(200);
    expect((await me.get(`/api/personas/${id}`)).json().contactCount).toBe(1);
  });

  it("will not link another user's contact", async () => {
    const id = await me.list();
    const theirs = await other.contact(emailOf('theirs'));
    const response = await me.post(`/api/personas/${id}/contacts`, { contactId: theirs });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Contact not found', code: 'NOT_FOUND' });
  });

  it('checks the page query', async () => {
    const id = await me.list();
    const response = await me.get(`/api/personas/${id}/contacts?limit=500`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Must be at most 100');
  });

  it('deleting a list keeps its contacts, untouched, and shows them with no list until another takes them', async () => {
    const id = await me.list();
    const address = emailOf('kept');
    const contactId = await me.contact(address, { personaId: id });
    // A row's version: a deleted list must not rewrite the contacts it brought (every index of each).
    const version = async () =>
      (await t.database.executeSql('select xmin::text as v from contacts where id = $1', [contactId])).rows[0]
        ?.v;
    const before = await version();
    const asked = () => t.queue.jobs.filter((job) => job.name === LIST_REMOVAL_JOB).length;
    const askedBefore = asked();
    expect((await me.delete(`/api/personas/${id}`)).statusCode).toBeLessThan(300);
    expect(await version()).toBe(before);
    // The memberships are the worker's to remove; the request only asks for its round.
    expect(asked()).toBe(askedBefore + 1);
    const members = async () =>
      (
        await t.database.executeSql('select count(*)::int as n from persona_contacts where persona_id = $1', [
          id,
        ])
      ).rows[0]?.n;
    expect(await members()).toBe(1);
    expect(await removeDeletedLists({ db: t.database.db })).toBe(1);
    expect(await members()).toBe(0);
    const contact = await me.get(`/api/contacts/${contactId}`);
    expect(contact.statusCode).toBe(200);
    expect(contact.json().personaId).toBeNull();
    const page = (await me.get(`/api/contacts?search=${encodeURIComponent(address)}`)).json();
    expect(page.contacts.map((c: { personaId: string | null }) => c.personaId)).toEqual([null]);
    const next = await me.list();
    await me.post(`/api/personas/${next}/contacts`, { contactId });
    expect((await me.get(`/api/contacts/${contactId}`)).json().personaId).toBe(next);
  });
});

describe('linked sequences', () => {
  it('lists the sequences a list feeds', async () => {
    const id = await me.list();
    expect((await me.get(`/api/personas/${id}/sequences`)).json()).toEqual([]);
    const db = t.database.db;
    const [viaLink] = await db
      .insert(sequences)
      .values({ workspaceId: me.workspaceId, name: 'Linked' })
      .returning();
    await db
      .insert(sequencePersonas)
      .values({ workspaceId: me.workspaceId, sequenceId: viaLink!.id, personaId: id });
    const [own] = await db
      .insert(sequences)
      .values({ workspaceId: me.workspaceId, name: 'Own', personaId: id, status: 'running' })
      .returning();
    await db.insert(sequences).values({ workspaceId: me.workspaceId, name: 'Unrelated' });
    const listed = (await me.get(`/api/personas/${id}/sequences`)).json();
    expect(listed).toHaveLength(2);
    expect(listed).toContainEqual({ id: own!.id, name: 'Own', status: 'running' });
    expect(listed).toContainEqual({ id: viaLink!.id, name: 'Linked', status: 'draft' });
    expect((await me.get(`/api/personas/${id}`)).json().sequenceCount).toBe(2);
  });
});

describe('moving contacts', () => {
  it('moves what is in the source and skips what the destination already holds', async () => {
    const source = await me.list('Source');
    const destination = await me.list('Destination');
    const [a, b, c] = await Promise.all(
      ['a', 'b', 'c'].map((label) => me.contact(emailOf(label), { personaId: source })),
    );
    await me.post(`/api/personas/${destination}/contacts`, { contactId: c });

    const response = await me.post(`/api/personas/${destination}/move-contacts`, {
      contactIds: [a, b, c],
      sourcePersonaId: source,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      movedCount: 2,
      skippedCount: 1,
      sourcePersonaId: source,
      destinationPersonaId: destination,
    });
    const ids = async (list: string) =>
      (await me.get(`/api/personas/${list}/contacts`))
        .json()
        .contacts.map((x: { id: string }) => x.id)
        .sort();
    expect(await ids(destination)).toEqual([a, b, c].sort());
    expect(await ids(source)).toEqual([c]);
    expect((await me.get(`/api/contacts/${a}`)).json().personaId).toBe(destination);
  });

  it('moves every contact of the source list with allOfList, beyond the page the user saw', async () => {
    const source = await me.list('Everyone');
    const destination = await me.list('Target');
    const members = [];
    for (let i = 0; i < 23; i += 1)
      members.push(await me.contact(emailOf(`all-${i}`), { personaId: source }));
    await me.post(`/api/personas/${destination}/contacts`, { contactId: members[0] });
    // A contact of the destination that was never in the source is not counted.
    await me.contact(emailOf('outsider'), { personaId: destination });
    // Another list's contacts stay where they are.
    const bystanderList = await me.list('Bystanders');
    const bystander = await me.contact(emailOf('bystander'), { personaId: bystanderList });

    const response = await me.post(`/api/personas/${destination}/move-contacts`, {
      allOfList: true,
      sourcePersonaId: source,
    });
    expect(response.json()).toEqual({
      movedCount: 22,
      skippedCount: 1,
      sourcePersonaId: source,
      destinationPersonaId: destination,
    });
    const count = async (list: string) => (await me.get(`/api/personas/${list}/contacts`)).json().total;
    expect([await count(source), await count(destination), await count(bystanderList)]).toEqual([1, 24, 1]);
    expect((await me.get(`/api/contacts/${bystander}`)).json().personaId).toBe(bystanderList);

    const neither = await me.post(`/api/personas/${destination}/move-contacts`, { sourcePersonaId: source });
    expect([neither.statusCode, neither.json().message]).toEqual([400, 'Please select at least one contact']);
    const notTrue = await me.post(`/api/personas/${destination}/move-contacts`, {
      allOfList: false,
      sourcePersonaId: source,
    });
    expect(notTrue.statusCode).toBe(400);
  });

  it('refuses the same list, an empty selection, and lists that are not the user’s', async () => {
    const source = await me.list();
    const contactId = await me.contact(emailOf('m'), { personaId: source });
    const same = await me.post(`/api/personas/${source}/move-contacts`, {
      contactIds: [contactId],
      sourcePersonaId: source,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Cannot move to the same email list');

    const empty = await me.post(`/api/personas/${source}/move-contacts`, {
      contactIds: [],
      sourcePersonaId: await me.list(),
    });
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'Please select at least one contact']);

    const theirs = await other.list();
    const toTheirs = await me.post(`/api/personas/${theirs}/move-contacts`, {
      contactIds: [contactId],
      sourcePersonaId: source,
    });
    expect([toTheirs.statusCode, toTheirs.json().message]).toEqual([404, 'Email list not found']);
    const fromTheirs = await me.post(`/api/personas/${source}/move-contacts`, {
      contactIds: [contactId],
      sourcePersonaId: theirs,
    });
    expect(fromTheirs.statusCode).toBe(404);
  });
});
