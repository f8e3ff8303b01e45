import { runEngineRound } from '@prospector/core';
import { sequenceContacts, sequences } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EngineUser, engineUser } from '../../testing/engine-test-kit';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());
beforeEach(() => env.clock.set(new Date('2025-05-01T09:00:00Z')));

const enrolled = async (sequenceId: string) =>
  env.database.db.select().from(sequenceContacts).where(eq(sequenceContacts.sequenceId, sequenceId));

/** A running one-step sequence over one contact, and its list. */
async function running(u: EngineUser, values: Partial<typeof sequences.$inferInsert> = {}) {
  const { sequence, people } = await u.launchOneStep(1, values);
  const [link] = await u.listsOf(sequence.id);
  return { sequence, people, listId: link as string };
}

describe('contacts added to a list linked to a running sequence', () => {
  it('are enrolled and scheduled by the next engine round, from every door', async () => {
    const u = await engineUser(env);
    const { sequence, listId } = await running(u);
    const byHand = await u.contact();
    expect((await u.browser.post(`/api/personas/${listId}/contacts`, { contactId: byHand.id })).status).toBe(
      201,
    );
    const csv = await u.browser.post(`/api/personas/${listId}/import-contacts`, {
      rows: [{ email: 'csv-lead@acme-example.com', first_name: 'Cora' }],
    });
    expect(csv.status).toBe(200);
    const key = (await u.browser.post('/api/api-keys', { name: 'CRM', scopes: ['contacts:write'] })).json<{
      key: string;
    }>().key;
    const viaApi = await u.contact();
    const api = await fetch(`${env.appUrl}/api/v1/lists/${listId}/contacts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ contactId: viaApi.id }),
    });
    expect(api.status).toBe(201);
    expect(await enrolled(sequence.id)).toHaveLength(1);

    await runEngineRound(u.deps);
    const after = await enrolled(sequence.id);
    expect(after).toHaveLength(4);
    expect(after.every((row) => row.status === 'active' && row.currentStepId !== null)).toBe(true);
    expect(await u.sends(sequence.id)).toHaveLength(4);
    const [row] = await env.database.db.select().from(sequences).where(eq(sequences.id, sequence.id));
    expect(row?.newMembersPending).toBe(false);
    expect(row?.totalContacts).toBe(4);

    // Nothing new: a further round enrols nobody twice.
    await runEngineRound(u.deps);
    expect(await enrolled(sequence.id)).toHaveLength(4);
  });

  it('wait while the sequence is paused and are enrolled when it resumes', async () => {
    const u = await engineUser(env);
    const { sequence, listId } = await running(u);
    expect((await u.browser.post(`/api/sequences/${sequence.id}/pause`)).status).toBe(200);
    await u.addToList(listId, [await u.contact()]);
    await runEngineRound(u.deps);
    expect(await enrolled(sequence.id)).toHaveLength(1);
    expect((await u.browser.post(`/api/sequences/${sequence.id}/activate`)).status).toBe(200);
    await runEngineRound(u.deps);
    expect(await enrolled(sequence.id)).toHaveLength(2);
  });

  it('are left alone when the sequence does not enrol automatically, until it is turned on', async () => {
    const u = await engineUser(env);
    const { sequence, listId } = await running(u, { autoEnrollNewContacts: false });
    await u.addToList(listId, [await u.contact()]);
    await runEngineRound(u.deps);
    expect(await enrolled(sequence.id)).toHaveLength(1);
    const on = await u.browser.patch(`/api/sequences/${sequence.id}`, { autoEnrollNewContacts: true });
    expect(on.json<{ autoEnrollNewContacts: boolean }>().autoEnrollNewContacts).toBe(true);
    await runEngineRound(u.deps);
    expect(await enrolled(sequence.id)).toHaveLength(2);
  });

  it('follow the launch rules: unsubscribed and contacts active in another sequence are left out', async () => {
    const u = await engineUser(env);
    const other = await u.launchOneStep(1, { name: 'Other' });
    const { sequence, listId } = await running(u);
    await u.addToList(listId, [await u.contact({ unsubscribed: true }), ...other.people, await u.contact()]);
    await runEngineRound(u.deps);
    const rows = await enrolled(sequence.id);
    expect(rows).toHaveLength(2);
    expect(rows.some((row) => row.contactId === other.people[0]?.id)).toBe(false);
  });

  it('a list linked to a running sequence brings its members in', async () => {
    const u = await engineUser(env);
    const { sequence } = await running(u);
    const more = [await u.contact(), await u.contact()];
    await u.list(sequence.id, more);
    await runEngineRound(u.deps);
    expect(await enrolled(sequence.id)).toHaveLength(3);
  });

  it('a draft sequence is not touched: its launch enrols the list', async () => {
    const u = await engineUser(env);
    const template = await u.template();
    const draft = await u.sequence();
    await u.step(draft.id, 1, { templateId: template.id });
    await u.list(draft.id, [await u.contact()]);
    await runEngineRound(u.deps);
    expect(await enrolled(draft.id)).toHaveLength(0);
  });
});
