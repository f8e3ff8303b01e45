import { membershipCopiesOutOfStep } from '@prospector/db/testing';
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

interface Listed {
  id: string;
  email: string;
  status: string;
  createdAt: string;
}
interface Page {
  contacts: Listed[];
  total: number;
}

const page = async (query: string) => (await me.get(`/api/contacts?${query}`)).json() as Page;

/** Every contact of the list, read without the list filter (the whole contacts page, then kept if a member). */
async function membersRead(listId: string) {
  const listed = (await me.get(`/api/personas/${listId}/contacts?limit=100`)).json() as Page;
  const ids = new Set(listed.contacts.map((c) => c.id));
  const all = await page('limit=100');
  return all.contacts.filter((c) => ids.has(c.id));
}

describe('the contacts page filtered by an email list', () => {
  it('follows each member’s status whichever way they joined the list, newest contact first', async () => {
    const listId = await me.list();
    const made = await me.contact(emailOf('made-in-list'), { personaId: listId });
    const added = await me.contact(emailOf('added'));
    expect((await me.post(`/api/personas/${listId}/contacts`, { contactId: added })).statusCode).toBe(201);
    const knownBeforeBatch = emailOf('known-batch');
    const knownId = await me.contact(knownBeforeBatch);
    await me.patch(`/api/contacts/${knownId}`, { suppressed: true });
    const batch = await me.post(`/api/personas/${listId}/import-contacts`, {
      rows: [{ email: emailOf('batch') }, { email: knownBeforeBatch }],
    });
    expect(batch.json()).toMatchObject({ inserted: 1, knownAdded: { count: 1 } });
    const knownBeforeFile = emailOf('known-file');
    const knownFileId = await me.contact(knownBeforeFile);
    await me.patch(`/api/contacts/${knownFileId}`, { unsubscribed: true });
    const file = await me.request({
      method: 'POST',
      url: `/api/personas/${listId}/import-csv`,
      headers: { 'content-type': 'text/csv', origin: 'http://localhost:3000' },
      payload: ['Email', emailOf('file'), knownBeforeFile].join('\r\n'),
    });
    expect(file.json()).toMatchObject({ inserted: 1, knownAdded: { count: 1 } });
    // Members whose status changes after they joined.
    await me.patch(`/api/contacts/${made}`, { unsubscribed: true });
    await me.patch(`/api/contacts/${added}`, { suppressed: true });
    await me.patch(`/api/contacts/${knownId}`, { suppressed: false });
    await me.contact(emailOf('not-in-list'));

    const members = await membersRead(listId);
    expect(members).toHaveLength(6);
    expect(await membershipCopiesOutOfStep(t.database)).toBe(0);
    for (const status of ['all', 'active', 'unsubscribed', 'suppressed'] as const) {
      const expected = members.filter((c) => status === 'all' || c.status === status);
      const newestFirst = await page(`personaId=${listId}&statusFilter=${status}&limit=100`);
      expect(newestFirst.contacts.map((c) => c.id)).toEqual(expected.map((c) => c.id));
      expect(newestFirst.total).toBe(expected.length);
      const oldestFirst = await page(
        `personaId=${listId}&statusFilter=${status}&sortOrder=asc&limit=2&page=2`,
      );
      expect(oldestFirst.contacts.map((c) => c.id)).toEqual(
        [...expected]
          .reverse()
          .slice(2, 4)
          .map((c) => c.id),
      );
    }
    expect((await page(`personaId=${listId}&statusFilter=active`)).total).toBe(3);
    expect((await me.delete(`/api/contacts/${added}`)).statusCode).toBe(200);
    expect((await page(`personaId=${listId}&statusFilter=suppressed`)).total).toBe(0);
    expect((await page(`personaId=${listId}&statusFilter=unsubscribed`)).total).toBe(2);
    expect((await page(`personaId=${listId}`)).total).toBe(5);
  });

  it('shows another user nothing of the list', async () => {
    const listId = await me.list();
    await me.contact(emailOf('mine'), { personaId: listId });
    const stranger = await signedInClient(t.app);
    const theirs = (
      await stranger.get(`/api/contacts?personaId=${listId}&statusFilter=active`)
    ).json() as Page;
    expect([theirs.contacts, theirs.total]).toEqual([[], 0]);
    const all = (await stranger.get(`/api/contacts?personaId=${listId}`)).json() as Page;
    expect([all.contacts, all.total]).toEqual([[], 0]);
  });
});
