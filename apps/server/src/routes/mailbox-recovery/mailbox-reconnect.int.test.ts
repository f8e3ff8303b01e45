import type { SequenceStrandedMailboxes } from '@prospector/contracts';
import { runEngineRound, withGmail } from '@prospector/core';
import { gmailAccounts, sequenceContacts } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EngineUser, engineUser, header } from '../../testing/engine-test-kit';
import { connectMailbox, type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());
beforeEach(() => env.clock.set(new Date('2025-05-01T09:00:00Z')));

const at = (iso: string) => env.clock.set(new Date(iso));

/**
 * Step 1 at 10:00 UTC with a one-hour window; not opened, step 2 at 12:00 the same day in the same thread.
 * Launched at 09:00 for the given contacts; step 1 goes out at 10:00.
 */
async function runningSequence(u: EngineUser, people: number) {
  const first = await u.template('Intro for {{first_name|you}}', '<p>Hello {{name}}</p>');
  const second = await u.template('Second subject', '<p>Following up</p>');
  const sequence = await u.sequence();
  const step1 = await u.step(sequence.id, 1, { templateId: first.id, reactionWindowHours: 1 });
  const step2 = await u.step(sequence.id, 2, {
    templateId: second.id,
    sendHour: 12,
    threadWithPrevious: true,
  });
  await u.linkStep(step1.id, { notOpenedStepId: step2.id, notOpenedWaitDays: 0 });
  const contacts = [];
  for (let i = 0; i < people; i++) contacts.push(await u.contact({ firstName: `Lead${i}` }));
  const list = await u.list(sequence.id, contacts);
  expect((await u.launch(sequence.id)).status).toBe(200);
  at('2025-05-01T10:00:00Z');
  await runEngineRound(u.deps);
  return { sequence, step1, step2, contacts, list };
}

const enrolments = (sequenceId: string) =>
  env.database.db.select().from(sequenceContacts).where(eq(sequenceContacts.sequenceId, sequenceId));

describe('a mailbox disconnected and connected again during a running sequence', () => {
  it('comes back as the same record with its settings; every held email goes out once, from it, in its thread', async () => {
    const u = await engineUser(env);
    await env.database.db
      .update(gmailAccounts)
      .set({ dailyLimit: 40 })
      .where(eq(gmailAccounts.id, u.account.id));
    const { sequence } = await runningSequence(u, 3);
    expect((await u.inbox()).length).toBe(3);

    expect((await u.browser.delete(`/api/gmail/accounts/${u.account.id}`)).status).toBe(200);
    at('2025-05-01T11:00:00Z');
    await runEngineRound(u.deps);
    at('2025-05-01T12:00:00Z');
    await runEngineRound(u.deps);
    const held = (await u.sends(sequence.id)).filter((send) => send.state === 'scheduled');
    expect(held).toHaveLength(3);
    expect(held.every((send) => send.waitingReason === `${u.account.email} needs to be reconnected`)).toBe(
      true,
    );
    expect((await enrolments(sequence.id)).map((e) => e.status)).toEqual(['active', 'active', 'active']);
    const banner = (
      await u.browser.get(`/api/sequences/${sequence.id}/stranded-mailboxes`)
    ).json<SequenceStrandedMailboxes>();
    expect(banner.stranded).toEqual([
      expect.objectContaining({ accountId: u.account.id, state: 'disconnected', waitingEmails: 3 }),
    ]);

    at('2025-05-01T12:30:00Z');
    await connectMailbox(u.browser, u.account.email);
    const accounts = (await u.browser.get('/api/gmail/accounts')).json<{ id: string; status: string }[]>();
    expect(accounts).toEqual([expect.objectContaining({ id: u.account.id, status: 'connected' })]);
    const [account] = await env.database.db
      .select()
      .from(gmailAccounts)
      .where(eq(gmailAccounts.workspaceId, u.workspaceId));
    expect(account).toMatchObject({ dailyLimit: 40, createdAt: u.account.createdAt });
    expect((await enrolments(sequence.id)).every((e) => e.senderAccountId === u.account.id)).toBe(true);

    await runEngineRound(u.deps);
    await runEngineRound(u.deps);
    const sends = await u.sends(sequence.id);
    expect(sends.filter((send) => send.state === 'sent')).toHaveLength(6);
    const inbox = await u.inbox();
    expect(inbox).toHaveLength(6);
    expect(new Set(inbox.map((m) => header(m, 'Message-ID'))).size).toBe(6);
    for (const enrolment of await enrolments(sequence.id)) {
      const mine = sends.filter((send) => send.sequenceContactId === enrolment.id);
      expect(mine.map((send) => send.senderAccountId)).toEqual([u.account.id, u.account.id]);
      const [intro, followUp] = mine.sort((a, b) => a.scheduledFor.getTime() - b.scheduledFor.getTime());
      expect(followUp!.gmailThreadId).toBe(intro!.gmailThreadId);
      const message = inbox.find((m) => header(m, 'Message-ID') === followUp!.messageId)!;
      expect(header(message, 'In-Reply-To')).toBe(intro!.messageId);
      expect(header(message, 'From')).toContain(u.account.email);
    }
    expect((await u.browser.get(`/api/sequences/${sequence.id}/stranded-mailboxes`)).json()).toMatchObject({
      stranded: [],
    });
  });

  it('an email held past the hold limit goes at the next local send time after reconnection', async () => {
    const u = await engineUser(env);
    const { sequence } = await runningSequence(u, 1);
    await u.browser.delete(`/api/gmail/accounts/${u.account.id}`);
    at('2025-05-01T11:00:00Z');
    await runEngineRound(u.deps);
    at('2025-05-01T17:00:00Z');
    await connectMailbox(u.browser, u.account.email);
    await runEngineRound(u.deps);
    const followUp = (await u.sends(sequence.id)).find((send) => send.state !== 'sent');
    expect(followUp?.scheduledFor.toISOString()).toBe('2025-05-02T12:00:00.000Z');
    at('2025-05-02T12:00:00Z');
    await runEngineRound(u.deps);
    expect((await u.sends(sequence.id)).map((send) => send.state)).toEqual(['sent', 'sent']);
    expect(await u.inbox()).toHaveLength(2);
  });

  it('a Gmail call in flight when the mailbox is disconnected does not mark it expired or connected', async () => {
    const u = await engineUser(env);
    const [before] = await env.database.db
      .select()
      .from(gmailAccounts)
      .where(eq(gmailAccounts.id, u.account.id));
    await u.browser.delete(`/api/gmail/accounts/${u.account.id}`);
    // The row as a poll read it just before the disconnection, with an access token that has run out.
    const stale = { ...before!, tokenExpiresAt: new Date('2000-01-01T00:00:00Z') };
    await expect(withGmail(env.core, stale, (api) => api.getProfile())).rejects.toThrow();
    const [after] = await env.database.db
      .select()
      .from(gmailAccounts)
      .where(eq(gmailAccounts.id, u.account.id));
    expect(after?.status).toBe('disconnected');
  });
});

describe('a mailbox removed for good', () => {
  it('shows the waiting emails, and moves them to another connected mailbox: waiting threads or new threads', async () => {
    const u = await engineUser(env);
    const { sequence, list } = await runningSequence(u, 2);
    const otherEmail = `other-${u.account.email}`;
    await connectMailbox(u.browser, otherEmail);
    const [other] = await env.database.db
      .select()
      .from(gmailAccounts)
      .where(eq(gmailAccounts.email, otherEmail));
    await env.database.db
      .update(gmailAccounts)
      .set({ minGapSeconds: 0, maxGapSeconds: 0 })
      .where(eq(gmailAccounts.id, other!.id));
    // A third contact joins at 10:30: its first email is due tomorrow, no thread yet.
    at('2025-05-01T10:30:00Z');
    const late = await u.contact({ firstName: 'Late' });
    await u.addToList(list.id, [late]);
    expect((await u.launch(sequence.id)).json()).toMatchObject({ enrolled: 1 });

    const removed = await u.browser.delete(`/api/gmail/accounts/${u.account.id}?permanently=true`);
    expect(removed.status).toBe(200);
    at('2025-05-01T11:00:00Z');
    await runEngineRound(u.deps);
    at('2025-05-01T12:00:00Z');
    await runEngineRound(u.deps);
    expect((await enrolments(sequence.id)).every((e) => e.status === 'active')).toBe(true);
    const url = `/api/sequences/${sequence.id}/stranded-mailboxes`;
    const banner = (await u.browser.get(url)).json<SequenceStrandedMailboxes>();
    expect(banner).toEqual({
      stranded: [
        {
          accountId: null,
          email: u.account.email,
          state: 'removed',
          enrolments: 3,
          threadedEnrolments: 2,
          waitingEmails: 3,
        },
      ],
      targets: [{ accountId: other!.id, email: otherEmail }],
    });

    const move = (threads: string) =>
      u.browser.post(`/api/sequences/${sequence.id}/move-mailbox`, {
        fromAccountId: null,
        toAccountId: other!.id,
        threads,
      });
    expect((await move('wait')).json()).toEqual({
      movedEnrolments: 1,
      movedEmails: 1,
      newThreads: 0,
      leftWaiting: 2,
    });
    expect((await move('new_thread')).json()).toEqual({
      movedEnrolments: 2,
      movedEmails: 2,
      newThreads: 2,
      leftWaiting: 0,
    });
    expect((await u.browser.get(url)).json()).toMatchObject({ stranded: [] });

    await runEngineRound(u.deps);
    await runEngineRound(u.deps);
    const sends = await u.sends(sequence.id);
    const followUps = sends.filter((send) => send.sentAt && send.sentAt.toISOString() >= '2025-05-01T12:00');
    expect(followUps).toHaveLength(2);
    for (const send of followUps) {
      expect(send.senderAccountId).toBe(other!.id);
      expect(send.inReplyTo).toBeNull();
      // A new thread keeps the conversation's subject, without 'Re: '.
      expect(send.subject).toMatch(/^Intro for Lead\d$/);
    }
    const inbox = await u.inbox();
    expect(inbox.filter((m) => header(m, 'From')?.includes(otherEmail))).toHaveLength(2);
    at('2025-05-02T10:00:00Z');
    await runEngineRound(u.deps);
    const lateSend = (await u.sends(sequence.id)).find((send) => send.contactId === late.id);
    expect(lateSend).toMatchObject({ state: 'sent', senderAccountId: other!.id });
  });

  it("refuses a mailbox that is not a connected mailbox of the sequence, and another user's sequence", async () => {
    const u = await engineUser(env);
    const { sequence } = await runningSequence(u, 1);
    const body = { fromAccountId: null, toAccountId: u.account.id, threads: 'wait' };
    await u.browser.delete(`/api/gmail/accounts/${u.account.id}`);
    const refused = await u.browser.post(`/api/sequences/${sequence.id}/move-mailbox`, body);
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'Choose a connected mailbox of this sequence' });
    const stranger = env.browser();
    await stranger.signUp();
    expect((await stranger.post(`/api/sequences/${sequence.id}/move-mailbox`, body)).status).toBe(404);
    expect((await stranger.get(`/api/sequences/${sequence.id}/stranded-mailboxes`)).status).toBe(404);
    const invalid = await u.browser.post(`/api/sequences/${sequence.id}/move-mailbox`, { toAccountId: 'x' });
    expect(invalid.status).toBe(400);
  });
});
