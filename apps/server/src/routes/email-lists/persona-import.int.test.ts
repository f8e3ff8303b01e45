import { INVALID_EMAIL, REPEATED_EMAIL } from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOf, type SignedInClient, signedInClient } from '../../testing/contact-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let me: SignedInClient;
beforeAll(async () => {
  t = await createTestApp();
  me = await signedInClient(t.app);
});
afterAll(() => t?.close());

const importRows = (listId: string, rows: unknown[]) =>
  me.post(`/api/personas/${listId}/import-contacts`, { rows });

describe('CSV import batches', () => {
  it('inserts new rows, skips duplicates, fails bad rows, and links everyone to the list', async () => {
    const listId = await me.list();
    const known = emailOf('known');
    const knownId = await me.contact(known);
    const fresh = emailOf('fresh');
    const response = await importRows(listId, [
      {
        email: fresh,
        firstName: 'Ada',
        lastName: 'Lovelace',
        organizationName: 'Engines',
        industry: 'Computing',
      },
      { email: fresh.toUpperCase(), firstName: 'Repeat' },
      { email: known.toUpperCase() },
      { email: 'bad@' },
      { email: emailOf('long'), title: 'x'.repeat(501) },
      'not an object',
      { email: emailOf('second'), name: 'Grace Hopper', apolloId: 'ap-1' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      inserted: 2,
      skipped: 2,
      failed: 3,
      refused: [
        { row: 1, reason: REPEATED_EMAIL },
        { row: 3, reason: INVALID_EMAIL },
        { row: 4, reason: 'Title is too long (at most 500 characters)' },
        { row: 5, reason: 'Not a contact row' },
      ],
      knownAdded: { count: 1, emails: [known] },
    });

    const members = (await me.get(`/api/personas/${listId}/contacts?limit=100`)).json();
    expect(members.total).toBe(3);
    expect(members.contacts.map((c: { id: string }) => c.id)).toContain(knownId);
    const ada = members.contacts.find((c: { email: string }) => c.email === fresh);
    expect(ada).toMatchObject({
      name: 'Ada Lovelace',
      organizationName: 'Engines',
      industry: 'Computing',
      metadata: { source: 'csv' },
      personaId: listId,
      status: 'active',
    });
  });

  it('names the known addresses it added to the list, not those already in it, the first ten of them', async () => {
    const listId = await me.list();
    const known = Array.from({ length: 12 }, (_, i) => emailOf(`known-${i}`));
    for (const email of known) await me.contact(email);
    expect((await importRows(listId, [{ email: known[0] }])).json().knownAdded).toEqual({
      count: 1,
      emails: [known[0]],
    });

    const response = await importRows(
      listId,
      [...known, emailOf('new')].map((email) => ({ email })),
    );
    expect(response.json()).toMatchObject({
      inserted: 1,
      skipped: 12,
      failed: 0,
      refused: [],
      knownAdded: { count: 11, emails: known.slice(1, 11) },
    });
  });

  it('keeps what earlier batches saved when a later one fails, and a re-run only skips', async () => {
    const listId = await me.list();
    const batch1 = Array.from({ length: 50 }, (_, i) => ({ email: emailOf(`b1-${i}`) }));
    const batch2 = Array.from({ length: 30 }, (_, i) => ({ email: emailOf(`b2-${i}`) }));
    expect((await importRows(listId, batch1)).json()).toMatchObject({ inserted: 50, skipped: 0, failed: 0 });
    const tooBig = await importRows(
      listId,
      Array.from({ length: 5001 }, () => batch2[0]),
    );
    expect([tooBig.statusCode, tooBig.json().message]).toEqual([400, 'At most 5000 rows per request']);
    expect((await me.get(`/api/personas/${listId}`)).json().contactCount).toBe(50);

    expect((await importRows(listId, batch1)).json()).toMatchObject({
      inserted: 0,
      skipped: 50,
      failed: 0,
      refused: [],
    });
    expect((await importRows(listId, batch2)).json()).toMatchObject({ inserted: 30, skipped: 0, failed: 0 });
    expect((await me.get(`/api/personas/${listId}`)).json().contactCount).toBe(80);
  });

  it("merges a known contact's custom fields when asked, and leaves one that has them as it is", async () => {
    const listId = await me.list();
    const known = emailOf('batch-known-custom');
    await me.contact(known);
    const contact = async () =>
      (await me.get(`/api/personas/${listId}/contacts?limit=10`)).json().contacts[0] as {
        customFields: object;
        updatedAt: string;
      };
    const send = (customFields: object | undefined, updateExistingContacts = true) =>
      me.post(`/api/personas/${listId}/import-contacts`, {
        rows: [{ email: known, customFields }],
        updateExistingContacts,
      });
    expect((await send({ pain_point: 'Churn' }, false)).json()).toMatchObject({ knownAdded: { count: 1 } });
    expect((await contact()).customFields).toEqual({});
    await send({ pain_point: 'Churn', icebreaker: 'Hello' });
    const merged = await contact();
    expect(merged.customFields).toEqual({ pain_point: 'Churn', icebreaker: 'Hello' });
    t.clock.advance(60_000);
    await send({ pain_point: 'Churn' });
    expect(await contact()).toEqual(merged);
    await send({ pain_point: 'Pricing' });
    const changed = await contact();
    expect(changed.customFields).toEqual({ pain_point: 'Pricing', icebreaker: 'Hello' });
    expect(changed.updatedAt).not.toBe(merged.updatedAt);
  });

  it('takes a full batch of 5000 rows in one request', async () => {
    const listId = await me.list();
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      email: `full-${i}-${listId}@example.com`,
      city: 'Oslo',
    }));
    const response = await importRows(listId, rows);
    expect(response.json()).toMatchObject({ inserted: 5000, skipped: 0, failed: 0 });
    const page = (await me.get('/api/contacts?limit=1')).json();
    expect(page.total).toBeGreaterThanOrEqual(5000);
  });

  it('refuses a body without rows', async () => {
    const listId = await me.list();
    for (const [body, message] of [
      [{}, 'Rows are required'],
      [{ rows: [] }, 'No rows to import'],
      [{ rows: 'a,b' }, 'Rows are required'],
    ] as const) {
      const response = await me.post(`/api/personas/${listId}/import-contacts`, body);
      expect([response.statusCode, response.json().message]).toEqual([400, message]);
    }
  });
});
