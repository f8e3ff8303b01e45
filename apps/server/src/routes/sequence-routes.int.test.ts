import { sequences } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { emailOf, type SignedInClient, signedInClient } from './contact-test-kit';

let t: TestApp;
let me: SignedInClient;
let other: SignedInClient;
beforeAll(async () => {
  t = await createTestApp();
  me = await signedInClient(t.app);
  other = await signedInClient(t.app);
});
afterAll(() => t?.close());

async function sequenceFor(client: SignedInClient, name = 'Outreach') {
  const [row] = await t.database.db
    .insert(sequences)
    .values({ userId: client.userId, name, description: 'Intro', timezone: 'Europe/Paris' })
    .returning();
  return row!;
}

describe('sequences for the add-to-sequence dialog', () => {
  it("lists the user's sequences, an empty array when there are none", async () => {
    const fresh = await signedInClient(t.app);
    expect((await fresh.get('/api/sequences')).json()).toEqual([]);
    const sequence = await sequenceFor(fresh);
    expect((await fresh.get('/api/sequences')).json()).toEqual([
      {
        id: sequence.id,
        name: 'Outreach',
        status: 'draft',
        timezone: 'Europe/Paris',
        description: 'Intro',
        skipWeekends: false,
        createdAt: sequence.createdAt.toISOString(),
      },
    ]);
    expect((await other.get('/api/sequences')).json()).toEqual([]);
  });

  it('enrolls contacts once, skipping those already enrolled and those not the user’s', async () => {
    const sequence = await sequenceFor(me);
    const a = await me.contact(emailOf('a'));
    const b = await me.contact(emailOf('b'));
    const theirs = await other.contact(emailOf('theirs'));
    const first = await me.post(`/api/sequences/${sequence.id}/contacts`, { contactIds: [a, b] });
    expect([first.statusCode, first.json()]).toEqual([200, { enrolled: 2, skipped: 0 }]);
    const again = await me.post(`/api/sequences/${sequence.id}/contacts`, { contactIds: [a, b, theirs] });
    expect(again.json()).toEqual({ enrolled: 0, skipped: 3 });
    const [row] = await t.database.db.select().from(sequences).where(eq(sequences.id, sequence.id));
    expect(row!.totalContacts).toBe(2);
  });

  it("answers 404 for another user's sequence and 400 for no selection", async () => {
    const sequence = await sequenceFor(other);
    const contactId = await me.contact(emailOf('c'));
    const foreign = await me.post(`/api/sequences/${sequence.id}/contacts`, { contactIds: [contactId] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Sequence not found', code: 'NOT_FOUND' });
    const malformed = await me.post('/api/sequences/x/contacts', { contactIds: [contactId] });
    expect(malformed.statusCode).toBe(404);
    const mine = await sequenceFor(me);
    for (const body of [{}, { contactIds: [] }]) {
      const response = await me.post(`/api/sequences/${mine.id}/contacts`, body);
      expect([response.statusCode, response.json().message]).toEqual([
        400,
        'Please select at least one contact',
      ]);
    }
  });
});
