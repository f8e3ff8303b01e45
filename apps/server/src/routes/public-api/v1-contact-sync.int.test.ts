import type { Contact, V1BatchResult, V1Page } from '@prospector/contracts';
import { webhookEvents } from '@prospector/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOf } from '../../testing/contact-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type ApiUser, apiUser } from './public-api-test-kit';
import { createEndpoint } from './webhook-test-kit';

let env: TestApp;
beforeAll(async () => {
  env = await createTestApp();
});
afterAll(() => env?.close());

// biome-ignore lint/suspicious/noExplicitAny: event payloads are JSON, read field by field by the assertions
type Data = Record<string, any>;

/** A user with an API key whose contact events are recorded (an endpoint listens to them). */
async function listenedUser(): Promise<ApiUser & { events: (type: string) => Promise<Data[]> }> {
  const user = await apiUser(env.app);
  await createEndpoint(user.browser, 'https://hooks.example.com/crm', [
    'contact.created',
    'contact.updated',
    'contact.deleted',
  ]);
  const events = async (type: string) =>
    (
      await env.database.db
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.workspaceId, user.browser.workspaceId), eq(webhookEvents.type, type)))
        .orderBy(asc(webhookEvents.seq))
    ).map((event) => event.data as Data);
  return { ...user, events };
}

const results = (response: { json: <T>() => T }) => response.json<{ results: V1BatchResult[] }>().results;

describe('POST /api/v1/contacts/batch', () => {
  it('creates, updates and leaves unchanged by email, answers each item in order, and one bad item fails only itself', async () => {
    const { api, browser, events } = await listenedUser();
    const known = emailOf('known');
    const kept = (
      await api.post('/contacts', { email: known, firstName: 'Grace', title: 'CTO' })
    ).json<Contact>();
    const same = emailOf('same');
    await api.post('/contacts', { email: same, firstName: 'Same' });
    const suppressedAddress = emailOf('blocked');
    expect((await api.post('/suppressions', { value: suppressedAddress })).statusCode).toBe(201);
    const listId = await browser.list('Synced');
    const fresh = emailOf('fresh');

    const answer = await api.post('/contacts/batch', {
      listId,
      contacts: [
        { email: fresh, name: 'Ada Lovelace', customFields: { plan: 'pro' } },
        { email: known.toUpperCase(), title: 'CEO', city: 'Arlington' },
        { email: same, firstName: 'Same' },
        { email: 'not-an-email' },
        { email: emailOf('typo'), firstname: 'Typo' },
        { email: fresh.toUpperCase(), title: 'again' },
        { email: suppressedAddress },
      ],
    });
    expect(answer.statusCode).toBe(200);
    const [created, updated, unchanged, invalid, unknownField, repeated, suppressed] = results(answer);
    expect(created).toMatchObject({ index: 0, status: 'created', suppressed: false });
    expect(updated).toEqual({
      index: 1,
      status: 'updated',
      id: kept.id,
      suppressed: false,
      changedFields: expect.arrayContaining(['email', 'title', 'city']),
    });
    expect(unchanged).toMatchObject({ index: 2, status: 'unchanged', suppressed: false });
    expect(invalid).toEqual({
      index: 3,
      status: 'error',
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Invalid email address',
        errors: [{ field: 'email', message: 'Invalid email address' }],
      },
    });
    expect(unknownField).toMatchObject({ index: 4, status: 'error', error: { code: 'VALIDATION_ERROR' } });
    expect(unknownField!.error).toMatchObject({
      message: 'Unknown field firstname (did you mean firstName?)',
      errors: [{ field: 'firstname' }],
    });
    expect(repeated).toMatchObject({
      index: 5,
      status: 'error',
      error: { message: 'This email is already at index 0 of this batch' },
    });
    expect(suppressed).toMatchObject({ index: 6, status: 'created', suppressed: true });

    const ada = (await api.get(`/contacts/${created!.id}`)).json<Contact>();
    expect(ada).toMatchObject({
      email: fresh,
      name: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      customFields: { plan: 'pro' },
      personaId: listId,
    });
    expect((await api.get(`/contacts/${kept.id}`)).json<Contact>()).toMatchObject({
      email: known.toUpperCase(),
      firstName: 'Grace',
      title: 'CEO',
      city: 'Arlington',
    });
    const blocked = (await api.get(`/contacts/${suppressed!.id}`)).json<Contact>();
    expect(blocked).toMatchObject({ suppressed: true, status: 'suppressed' });
    const members = (await api.get(`/lists/${listId}/contacts?limit=100`)).json<V1Page<Contact>>();
    expect(members.data.map((c) => c.id).sort()).toEqual(
      [created!.id, kept.id, unchanged!.id, suppressed!.id].sort(),
    );

    const createdEvents = (await events('contact.created')).filter((e) => e.source === 'api');
    expect(createdEvents.map((e) => e.contact.email).sort()).toEqual(
      [known, same, fresh, suppressedAddress].sort(),
    );
    expect((await events('contact.updated')).at(-1)).toEqual({
      contact: expect.objectContaining({ id: kept.id, email: known.toUpperCase() }),
      changedFields: updated!.changedFields,
      source: 'api',
    });

    // The same batch again changes nothing.
    const again = await api.post('/contacts/batch', {
      contacts: [{ email: fresh, name: 'Ada Lovelace', customFields: { plan: 'pro' } }],
    });
    expect(results(again)).toEqual([{ index: 0, status: 'unchanged', id: created!.id, suppressed: false }]);
  });

  it('refuses a batch that is not one: empty, over 1,000, unknown fields, another user’s list', async () => {
    const { api } = await apiUser(env.app);
    const other = await apiUser(env.app);
    const theirList = await other.browser.list();
    expect((await api.post('/contacts/batch', { contacts: [] })).json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'contacts must hold 1 to 1,000 contacts',
    });
    const tooMany = Array.from({ length: 1001 }, (_, i) => ({ email: `p${i}@example.com` }));
    expect((await api.post('/contacts/batch', { contacts: tooMany })).statusCode).toBe(400);
    const extra = await api.post('/contacts/batch', { contacts: [{ email: emailOf('x') }], list: 'x' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json<{ message: string }>().message).toContain('list');
    const theirs = await api.post('/contacts/batch', {
      contacts: [{ email: emailOf('x') }],
      listId: theirList,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('saves 1,000 contacts in one request, then finds each unchanged', async () => {
    const { api } = await apiUser(env.app);
    const contacts = Array.from({ length: 1000 }, (_, i) => ({
      email: `sync-${i}@bulk.example`,
      firstName: `Person ${i}`,
      customFields: { rank: String(i) },
    }));
    const first = results(await api.post('/contacts/batch', { contacts }));
    expect(first.filter((r) => r.status === 'created')).toHaveLength(1000);
    expect(first.map((r) => r.index)).toEqual(contacts.map((_, i) => i));
    const second = results(await api.post('/contacts/batch', { contacts }));
    expect(second.every((r, i) => r.status === 'unchanged' && r.id === first[i]!.id)).toBe(true);
  });
});

describe('GET /api/v1/contacts for a sync, and DELETE', () => {
  it('finds a contact by email in any case, and pages what changed since a time in the order it changed', async () => {
    const { api } = await apiUser(env.app);
    const since = env.clock.now().toISOString();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      env.clock.advance(1000);
      ids.push((await api.post('/contacts', { email: emailOf(`c${i}`) })).json<Contact>().id);
    }
    const first = (await api.get(`/contacts/${ids[0]}`)).json<Contact>();
    const found = await api.get(`/contacts?email=${encodeURIComponent(first.email.toUpperCase())}`);
    expect(found.json<V1Page<Contact>>().data.map((c) => c.id)).toEqual([ids[0]]);
    expect((await api.get('/contacts?email=nobody@example.com')).json()).toEqual({
      data: [],
      nextCursor: null,
    });

    env.clock.advance(1000);
    await api.patch(`/contacts/${ids[1]}`, { title: 'CTO' });
    const read: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `updatedSince=${since}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page: V1Page<Contact> = (await api.get(`/contacts?${query}`)).json();
      read.push(...page.data.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(read).toEqual([ids[0], ids[2], ids[3], ids[4], ids[1]]);
    const later = (await api.get(`/contacts/${ids[1]}`)).json<Contact>().updatedAt;
    expect(
      (await api.get(`/contacts?updatedSince=${later}`)).json<V1Page<Contact>>().data.map((c) => c.id),
    ).toEqual([ids[1]]);
    expect((await api.get('/contacts?updatedSince=yesterday')).json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'updatedSince must be an ISO 8601 time',
    });
    expect((await api.get('/contacts?updatedsince=2026-01-01')).statusCode).toBe(400);
  });

  it("deletes the key user's contact with a contact.deleted event, and never another user's", async () => {
    const { api, events } = await listenedUser();
    const other = await apiUser(env.app);
    const contact = (await api.post('/contacts', { email: emailOf('gone') })).json<Contact>();
    expect((await other.api.delete(`/contacts/${contact.id}`)).statusCode).toBe(404);
    expect((await api.delete(`/contacts/${contact.id}`)).statusCode).toBe(200);
    expect((await api.delete(`/contacts/${contact.id}`)).statusCode).toBe(404);
    expect(await events('contact.deleted')).toEqual([
      { contact: expect.objectContaining({ id: contact.id, email: contact.email }), source: 'api' },
    ]);
  });
});

describe('contact events whatever the door', () => {
  it('the web app’s form, edit and delete, and the CSV import, each tell the webhooks', async () => {
    const { browser, events } = await listenedUser();
    const email = emailOf('web');
    const made = await browser.post('/api/contacts', { email, firstName: 'Web' });
    expect(made.statusCode).toBe(201);
    const id = made.json<Contact>().id;
    await browser.patch(`/api/contacts/${id}`, { title: 'CTO', firstName: 'Web' });
    await browser.patch(`/api/contacts/${id}`, { title: 'CTO' });
    const listId = await browser.list('Imported');
    const imported = emailOf('csv');
    const csv = await browser.post(`/api/personas/${listId}/import-contacts`, {
      rows: [{ email: imported }, { email, customFields: { plan: 'gold' } }],
      updateExistingContacts: true,
    });
    expect(csv.statusCode).toBeLessThan(300);
    await browser.delete(`/api/contacts/${id}`);

    expect(await events('contact.created')).toEqual([
      { contact: expect.objectContaining({ id, email, firstName: 'Web' }), source: 'app' },
      { contact: expect.objectContaining({ email: imported }), source: 'csv_import' },
    ]);
    expect(await events('contact.updated')).toEqual([
      { contact: expect.objectContaining({ id }), changedFields: ['title'], source: 'app' },
      {
        contact: expect.objectContaining({ id, customFields: { plan: 'gold' } }),
        changedFields: ['customFields'],
        source: 'csv_import',
      },
    ]);
    expect(await events('contact.deleted')).toEqual([
      { contact: expect.objectContaining({ id, email }), source: 'app' },
    ]);
  });
});

describe('/api/v1/suppressions', () => {
  it('lists, adds and lifts addresses and domains; what the contact did cannot be lifted', async () => {
    const { api } = await apiUser(env.app);
    const contact = (await api.post('/contacts', { email: 'ceo@competitor.example' })).json<Contact>();
    const added = await api.post('/suppressions', { value: '@Competitor.example', note: 'Do not contact' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      kind: 'domain',
      value: 'competitor.example',
      reason: 'manual',
      source: 'api',
      detail: 'Do not contact',
      liftable: true,
    });
    expect((await api.get(`/contacts/${contact.id}`)).json<Contact>().suppressed).toBe(true);
    expect((await api.post('/suppressions', { value: 'competitor.example' })).statusCode).toBe(409);
    expect((await api.post('/suppressions', { value: 'not a domain' })).statusCode).toBe(400);
    expect((await api.post('/suppressions', { value: 'x.example', reason: 'manual' })).statusCode).toBe(400);

    const unsubscriber = (await api.post('/contacts', { email: emailOf('leaver') })).json<Contact>();
    await api.post(`/contacts/${unsubscriber.id}/unsubscribe`);
    await api.post('/suppressions', { value: emailOf('one') });
    const page = (await api.get('/suppressions?limit=1')).json<V1Page<{ id: string }>>();
    expect(page.data).toHaveLength(1);
    const rest = (await api.get(`/suppressions?cursor=${page.nextCursor}`)).json<V1Page<{ id: string }>>();
    expect([...page.data, ...rest.data].map((s) => s.id)).toContain(added.json<{ id: string }>().id);

    const other = await apiUser(env.app);
    const entryId = added.json<{ id: string }>().id;
    expect((await other.api.delete(`/suppressions/${entryId}`)).statusCode).toBe(404);
    expect((await api.delete(`/suppressions/${entryId}`)).json()).toEqual({ success: true });
    expect((await api.get(`/contacts/${contact.id}`)).json<Contact>().suppressed).toBe(false);

    const readOnly = await apiUser(env.app, ['suppressions:read']);
    expect((await readOnly.api.post('/suppressions', { value: 'x.example' })).statusCode).toBe(403);
    expect((await readOnly.api.get('/suppressions')).statusCode).toBe(200);
  });
});
