import {
  EMAIL_LIST_ALREADY_LINKED_MESSAGE,
  EMAIL_LIST_LINKED_MESSAGE,
  type LinkedEmailList,
} from '@prospector/contracts';
import { EMAIL_LIST_NOT_LINKED } from '@prospector/core';
import { sequencePersonas, sequences } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, type SequenceUser, sequenceUser } from '../../testing/sequence-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let me: SequenceUser;
let other: SequenceUser;
beforeAll(async () => {
  t = await createTestApp();
  me = await sequenceUser(t.app, t.database);
  other = await sequenceUser(t.app, t.database);
});
afterAll(() => t?.close());

const linkedIds = async (sequenceId: string, client = me) =>
  ((await client.get(`/api/sequences/${sequenceId}/email-lists`)).json() as LinkedEmailList[]).map(
    (l) => l.id,
  );

describe('linked email lists', () => {
  it('adds a list once (adding again is not an error and not a duplicate), lists and removes it', async () => {
    const sequence = await me.sequence();
    expect((await me.get(`/api/sequences/${sequence.id}/email-lists`)).json()).toEqual([]);
    const listId = await me.list('Founders');
    await me.contact(listId);
    t.clock.advance(5_000);
    const added = await me.post(`/api/sequences/${sequence.id}/add-email-list`, { personaId: listId });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      message: EMAIL_LIST_LINKED_MESSAGE,
      sequence: { id: sequence.id, updatedAt: t.clock.now().toISOString() },
    });
    const again = await me.post(`/api/sequences/${sequence.id}/add-email-list`, { personaId: listId });
    expect([again.statusCode, again.json().message]).toEqual([200, EMAIL_LIST_ALREADY_LINKED_MESSAGE]);
    const lists = (await me.get(`/api/sequences/${sequence.id}/email-lists`)).json();
    expect(lists).toEqual([
      {
        id: listId,
        name: 'Founders',
        industry: 'Software',
        jobTitle: 'CTO',
        location: 'Berlin',
        description: null,
        contactCount: 1,
        linkedAt: t.clock.now().toISOString(),
      },
    ]);
    expect(
      (await me.get(`/api/personas/${listId}/sequences`)).json().map((s: { id: string }) => s.id),
    ).toEqual([sequence.id]);
    const removed = await me.delete(`/api/sequences/${sequence.id}/email-lists/${listId}`);
    expect([removed.statusCode, removed.json()]).toEqual([200, { success: true }]);
    expect(await linkedIds(sequence.id)).toEqual([]);
    expectError(
      await me.delete(`/api/sequences/${sequence.id}/email-lists/${listId}`),
      404,
      EMAIL_LIST_NOT_LINKED,
    );
    expect((await me.get(`/api/personas/${listId}`)).statusCode).toBe(200);
  });

  it('shows and unlinks the sequence’s own list too', async () => {
    const sequence = await me.sequence();
    const listId = await me.list('Own');
    await t.database.db.update(sequences).set({ personaId: listId }).where(eq(sequences.id, sequence.id));
    expect(await linkedIds(sequence.id)).toEqual([listId]);
    const again = await me.post(`/api/sequences/${sequence.id}/add-email-list`, { personaId: listId });
    expect(again.json().message).toBe(EMAIL_LIST_ALREADY_LINKED_MESSAGE);
    expect(await linkedIds(sequence.id)).toEqual([listId]);
    await me.delete(`/api/sequences/${sequence.id}/email-lists/${listId}`);
    expect(await linkedIds(sequence.id)).toEqual([]);
    expect((await me.get(`/api/sequences/${sequence.id}`)).json().personaId).toBeNull();
  });

  it('refuses a missing, malformed or other user’s list with a 400 and links nothing', async () => {
    const sequence = await me.sequence();
    const theirList = await other.list();
    const cases: [unknown, string][] = [
      [{}, 'Please select an email list'],
      [{ personaId: '' }, 'Please select an email list'],
      [{ personaId: 7 }, 'Please select an email list'],
      [{ personaId: theirList }, 'Email list not found'],
      [{ personaId: crypto.randomUUID() }, 'Email list not found'],
    ];
    for (const [body, message] of cases) {
      expectError(await me.post(`/api/sequences/${sequence.id}/add-email-list`, body), 400, message);
    }
    expect(
      (await me.raw('POST', `/api/sequences/${sequence.id}/add-email-list`, '{"personaId"')).statusCode,
    ).toBe(400);
    expect(
      await t.database.db.select().from(sequencePersonas).where(eq(sequencePersonas.sequenceId, sequence.id)),
    ).toEqual([]);
  });

  it('is a 404 for another user’s sequence on every route, and nothing changes', async () => {
    const sequence = await me.sequence();
    const listId = await me.list();
    await me.post(`/api/sequences/${sequence.id}/add-email-list`, { personaId: listId });
    const theirList = await other.list();
    expectError(await other.get(`/api/sequences/${sequence.id}/email-lists`), 404, 'Sequence not found');
    expectError(
      await other.post(`/api/sequences/${sequence.id}/add-email-list`, { personaId: theirList }),
      404,
      'Sequence not found',
    );
    expectError(
      await other.delete(`/api/sequences/${sequence.id}/email-lists/${listId}`),
      404,
      'Sequence not found',
    );
    expectError(
      await me.delete(`/api/sequences/${sequence.id}/email-lists/not-a-uuid`),
      404,
      EMAIL_LIST_NOT_LINKED,
    );
    expect(await linkedIds(sequence.id)).toEqual([listId]);
  });
});
