import { runEngineRound, stopContactEnrolments } from '@prospector/core';
import { contacts, gmailAccounts, sequenceContacts, sequences } from '@prospector/db';
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

const at = (iso: string) => env.clock.set(new Date(iso));

/** A launched one-step sequence (10:00 UTC) with the given number of contacts. */
async function launched(u: EngineUser, count = 2) {
  const template = await u.template();
  const sequence = await u.sequence();
  await u.step(sequence.id, 1, { templateId: template.id });
  const people = [];
  for (let i = 0; i < count; i++) people.push(await u.contact());
  await u.list(sequence.id, people);
  expect((await u.launch(sequence.id)).status).toBe(200);
  return { sequence, people };
}

const setSequence = (id: string, status: 'paused' | 'running') =>
  env.database.db.update(sequences).set({ status }).where(eq(sequences.id, id));

describe('stops and holds', () => {
  it('an unsubscribe or a bounce before the send time: 0 emails to that contact', async () => {
    const u = await engineUser(env);
    const { sequence, people } = await launched(u, 3);
    const [unsubscribed, bounced] = people;
    await env.database.db.transaction(async (tx) => {
      await tx.update(contacts).set({ unsubscribed: true }).where(eq(contacts.id, unsubscribed!.id));
      await stopContactEnrolments(tx, {
        workspaceId: u.workspaceId,
        contactId: unsubscribed!.id,
        status: 'unsubscribed',
        reason: 'Unsubscribed',
        at: env.clock.now(),
      });
      await tx.update(contacts).set({ hardBounced: true }).where(eq(contacts.id, bounced!.id));
      await stopContactEnrolments(tx, {
        workspaceId: u.workspaceId,
        contactId: bounced!.id,
        status: 'bounced',
        reason: 'Hard bounce',
        at: env.clock.now(),
      });
    });
    at('2025-05-01T10:00:00Z');
    await runEngineRound(u.deps);
    const inbox = await u.inbox();
    expect(inbox).toHaveLength(1);
    const states = Object.fromEntries((await u.sends(sequence.id)).map((s) => [s.contactId, s.state]));
    expect(states).toEqual({
      [unsubscribed!.id]: 'cancelled',
      [bounced!.id]: 'cancelled',
      [people[2]!.id]: 'sent',
    });
  });

  it('a contact flagged without stopping its enrolment still gets no email: the dispatcher cancels it', async () => {
    const u = await engineUser(env);
    const { sequence, people } = await launched(u, 2);
    await env.database.db.update(contacts).set({ suppressed: true }).where(eq(contacts.id, people[0]!.id));
    await env.database.db
      .update(contacts)
      .set({ tags: ['blacklist'] })
      .where(eq(contacts.id, people[1]!.id));
    at('2025-05-01T10:00:00Z');
    await runEngineRound(u.deps);
    expect(await u.inbox()).toHaveLength(0);
    expect((await u.sends(sequence.id)).map((s) => s.state)).toEqual(['cancelled', 'cancelled']);
  });

  it('a paused sequence holds its sends, which go out when it runs again within 4 hours', async () => {
    const u = await engineUser(env);
    const { sequence } = await launched(u, 2);
    await setSequence(sequence.id, 'paused');
    at('2025-05-01T10:00:00Z');
    await runEngineRound(u.deps);
    expect(await u.inbox()).toHaveLength(0);
    for (const send of await u.sends(sequence.id)) {
      expect(send).toMatchObject({ state: 'scheduled', waitingReason: 'Sequence paused' });
    }
    at('2025-05-01T13:59:00Z');
    await setSequence(sequence.id, 'running');
    await runEngineRound(u.deps);
    expect(await u.inbox()).toHaveLength(2);
  });

  it('a send more than 4 hours late moves to the next day’s send time instead of going out at night', async () => {
    const u = await engineUser(env);
    const { sequence } = await launched(u, 1);
    await setSequence(sequence.id, 'paused');
    at('2025-05-01T14:00:01Z');
    await runEngineRound(u.deps);
    const [moved] = await u.sends(sequence.id);
    expect(moved?.scheduledFor.toISOString()).toBe('2025-05-02T10:00:00.000Z');
    await setSequence(sequence.id, 'running');
    at('2025-05-01T23:00:00Z');
    await runEngineRound(u.deps);
    expect(await u.inbox()).toHaveLength(0);
    at('2025-05-02T10:00:00Z');
    await runEngineRound(u.deps);
    expect(await u.inbox()).toHaveLength(1);
  });

  it('a paused or disconnected mailbox holds its sends with the reason', async () => {
    const u = await engineUser(env);
    const { sequence } = await launched(u, 1);
    await env.database.db
      .update(gmailAccounts)
      .set({ pausedAt: env.clock.now(), pausedReason: 'High bounce rate' })
      .where(eq(gmailAccounts.id, u.account.id));
    at('2025-05-01T10:00:00Z');
    await runEngineRound(u.deps);
    expect((await u.sends(sequence.id))[0]?.waitingReason).toBe('Mailbox paused: High bounce rate');
    await env.database.db
      .update(gmailAccounts)
      .set({ pausedAt: null, status: 'token_expired' })
      .where(eq(gmailAccounts.id, u.account.id));
    await runEngineRound(u.deps);
    expect((await u.sends(sequence.id))[0]?.waitingReason).toBe(`${u.account.email} needs to be reconnected`);
    expect(await u.inbox()).toHaveLength(0);
    await env.database.db
      .update(gmailAccounts)
      .set({ status: 'connected' })
      .where(eq(gmailAccounts.id, u.account.id));
    await runEngineRound(u.deps);
    expect(await u.inbox()).toHaveLength(1);
  });

  it('enrolling into a running sequence schedules at once; into a draft one it waits for the launch', async () => {
    const u = await engineUser(env);
    const template = await u.template();
    const draft = await u.sequence();
    await u.step(draft.id, 1, { templateId: template.id });
    const lead = await u.contact();
    const enrolled = await u.browser.post(`/api/sequences/${draft.id}/contacts`, { contactIds: [lead.id] });
    expect(enrolled.json()).toMatchObject({ enrolled: 1, skipped: { alreadyEnrolled: 0 } });
    await runEngineRound(u.deps);
    expect(await u.sends(draft.id)).toHaveLength(0);
    await u.launch(draft.id);
    expect(await u.sends(draft.id)).toHaveLength(1);

    const newcomer = await u.contact();
    const again = await u.browser.post(`/api/sequences/${draft.id}/contacts`, {
      contactIds: [lead.id, newcomer.id],
    });
    expect(again.json()).toMatchObject({ enrolled: 1, skipped: { alreadyEnrolled: 1 } });
    expect(await u.sends(draft.id)).toHaveLength(2);
    const [enrolment] = await env.database.db
      .select()
      .from(sequenceContacts)
      .where(eq(sequenceContacts.contactId, newcomer.id));
    expect(enrolment?.senderAccountId).toBe(u.account.id);
  });
});
