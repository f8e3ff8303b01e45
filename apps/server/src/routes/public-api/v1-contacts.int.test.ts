import type { Contact, V1Page } from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOf } from '../../testing/contact-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { apiUser } from './public-api-test-kit';

let env: TestApp;
beforeAll(async () => {
  env = await createTestApp();
});
afterAll(() => env?.close());

describe('/api/v1/contacts', () => {
  it('refuses a custom field key that shadows what every object has, with the reason', async () => {
    const { api } = await apiUser(env.app);
    const refused = await api.post('/contacts', {
      email: emailOf('proto'),
      customFields: { constructor: 'x' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe(
      'Custom field key "constructor" is a reserved name: every record already has a property called that',
    );
  });

  it("upserts by email, reads, updates, unsubscribes and deletes with the web app's rules", async () => {
    const { api, browser } = await apiUser(env.app);
    const email = emailOf('grace');
    const created = await api.post('/contacts', { email, firstName: 'Grace', title: 'CTO' });
    expect(created.statusCode).toBe(201);
    const contact = created.json<Contact>();
    expect(contact).toMatchObject({
      email,
      firstName: 'Grace',
      title: 'CTO',
      name: 'Grace',
      unsubscribed: false,
    });
    expect(contact.createdAt).toBe(env.clock.now().toISOString());

    const again = await api.post('/contacts', { email: email.toUpperCase(), lastName: 'Hopper' });
    expect(again.statusCode).toBe(200);
    expect(again.json<Contact>()).toMatchObject({
      id: contact.id,
      firstName: 'Grace',
      lastName: 'Hopper',
      title: 'CTO',
    });

    expect((await api.get(`/contacts/${contact.id}`)).json<Contact>().lastName).toBe('Hopper');
    expect((await browser.get(`/api/contacts/${contact.id}`)).json<Contact>().lastName).toBe('Hopper');
    const patched = await api.patch(`/contacts/${contact.id}`, { city: 'Arlington' });
    expect(patched.json<Contact>().city).toBe('Arlington');

    // The lead status: set as the user, read back, refused when unknown, cleared with null.
    const sorted = await api.patch(`/contacts/${contact.id}/lead-status`, { leadStatus: 'meeting_booked' });
    expect(sorted.json<Contact>()).toMatchObject({ leadStatus: 'meeting_booked', leadStatusSource: 'user' });
    expect((await api.get(`/contacts/${contact.id}`)).json<Contact>().leadStatus).toBe('meeting_booked');
    const unknown = await api.patch(`/contacts/${contact.id}/lead-status`, { leadStatus: 'won' });
    expect(unknown.statusCode).toBe(400);
    const someoneElse = await apiUser(env.app);
    const theirs = await someoneElse.api.patch(`/contacts/${contact.id}/lead-status`, { leadStatus: null });
    expect(theirs.statusCode).toBe(404);
    expect(
      (await api.patch(`/contacts/${contact.id}/lead-status`, { leadStatus: null })).json<Contact>()
        .leadStatus,
    ).toBeNull();

    const unsubscribed = await api.post(`/contacts/${contact.id}/unsubscribe`);
    expect(unsubscribed.json<Contact>()).toMatchObject({ unsubscribed: true, status: 'unsubscribed' });

    expect((await api.delete(`/contacts/${contact.id}`)).json()).toEqual({ success: true });
    expect((await api.get(`/contacts/${contact.id}`)).statusCode).toBe(404);
  });

  it('gives every field error with the message and code', async () => {
    const { api } = await apiUser(env.app);
    const bad = await api.post('/contacts', { email: 'not-an-email', tags: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'Invalid email address',
      code: 'VALIDATION_ERROR',
      errors: [
        { field: 'email', message: 'Invalid email address' },
        { field: 'tags', message: expect.any(String) },
      ],
    });
    expect((await api.get('/contacts?cursor=garbage')).json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Invalid cursor',
    });
    expect((await api.get('/contacts/not-a-uuid')).statusCode).toBe(404);
  });

  it('pages with a cursor, newest first, without gaps or repeats', async () => {
    const { api } = await apiUser(env.app);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      env.clock.advance(1000);
      ids.push((await api.post('/contacts', { email: emailOf(`p${i}`) })).json<Contact>().id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=3&cursor=${cursor}` : '?limit=3';
      const page: V1Page<Contact> = (await api.get(`/contacts${query}`)).json();
      seen.push(...page.data.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });

  it('replays a POST with the same Idempotency-Key and body, and refuses another body with a 409', async () => {
    const { api } = await apiUser(env.app);
    const body = { email: emailOf('idem'), firstName: 'Ada' };
    const first = await api.post('/contacts', body, { 'idempotency-key': 'create-ada' });
    expect(first.statusCode).toBe(201);
    await api.patch(`/contacts/${first.json<Contact>().id}`, { firstName: 'Changed' });
    const replay = await api.post('/contacts', body, { 'idempotency-key': 'create-ada' });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const other = await api.post(
      '/contacts',
      { ...body, firstName: 'Eve' },
      { 'idempotency-key': 'create-ada' },
    );
    expect(other.statusCode).toBe(409);
    env.clock.advance(24 * 3600_000 + 1000);
    const later = await api.post('/contacts', body, { 'idempotency-key': 'create-ada' });
    expect(later.statusCode).toBe(200);
    expect(later.json<Contact>().firstName).toBe('Ada');
  });
});
