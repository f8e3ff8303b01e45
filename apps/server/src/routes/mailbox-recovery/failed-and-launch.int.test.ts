import type { ContactEventsResponse, EmailSendRow, LaunchPreview } from '@prospector/contracts';
import { runEngineRound } from '@prospector/core';
import { contacts, emailSends, gmailAccounts, sequenceContacts } from '@prospector/db';
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

/** A one-step sequence (10:00 UTC) linked to a list of the given contacts, not launched. */
async function oneStep(u: EngineUser, count: number) {
  const template = await u.template();
  const sequence = await u.sequence();
  await u.step(sequence.id, 1, { templateId: template.id });
  const people = [];
  for (let i = 0; i < count; i++) people.push(await u.contact());
  await u.list(sequence.id, people);
  return { sequence, people };
}

/** What fail() leaves after Gmail refused the email for good. */
async function markFailed(sendId: string, enrolmentId: string, reason: string) {
  const db = env.database.db;
  await db.update(emailSends).set({ state: 'failed', lastError: reason }).where(eq(emailSends.id, sendId));
  await db
    .update(sequenceContacts)
    .set({ status: 'failed', lastError: reason, completedAt: env.clock.now() })
    .where(eq(sequenceContacts.id, enrolmentId));
}

describe('failed emails', () => {
  it("are listed with their reason and Retry, in the contact's activity, and a retry sends once", async () => {
    const u = await engineUser(env);
    const { sequence, people } = await oneStep(u, 1);
    await u.launch(sequence.id);
    const [send] = await u.sends(sequence.id);
    await markFailed(send!.id, send!.sequenceContactId, 'Gmail did not accept the message (HTTP 400)');

    const failed = (await u.browser.get('/api/email-sends?state=failed')).json<EmailSendRow[]>();
    expect(failed).toEqual([
      expect.objectContaining({
        status: 'Failed',
        detail: 'Gmail did not accept the message (HTTP 400)',
        retryable: true,
      }),
    ]);
    const analytics = (await u.browser.get(`/api/sequences/${sequence.id}/analytics`)).json<{
      enrolments: { failed: number; enrolled: number };
    }>();
    expect(analytics.enrolments).toMatchObject({ failed: 1, enrolled: 1 });
    const events = (
      await u.browser.get(`/api/contacts/${people[0]!.id}/events`)
    ).json<ContactEventsResponse>();
    expect(events.events.map((e) => [e.type, e.detail])).toEqual([
      ['email_failed', 'Gmail did not accept the message (HTTP 400)'],
      ['enrolment_failed', 'Gmail did not accept the message (HTTP 400)'],
    ]);

    at('2025-05-01T10:00:00Z');
    const retried = await u.browser.post(`/api/email-sends/${send!.id}/retry`);
    expect(retried.status).toBe(200);
    const [enrolment] = await env.database.db
      .select()
      .from(sequenceContacts)
      .where(eq(sequenceContacts.id, send!.sequenceContactId));
    expect(enrolment).toMatchObject({ status: 'active', lastError: null });
    await runEngineRound(u.deps);
    await runEngineRound(u.deps);
    expect(await u.inbox()).toHaveLength(1);
    expect((await u.sends(sequence.id))[0]).toMatchObject({ state: 'sent' });
    const again = await u.browser.post(`/api/email-sends/${send!.id}/retry`);
    expect([again.status, (again.json() as { message: string }).message]).toEqual([
      409,
      'Only a failed email can be retried',
    ]);
  });

  it('a retry of an email an earlier attempt did hand to Gmail records it, never sends it twice', async () => {
    const u = await engineUser(env);
    const { sequence } = await oneStep(u, 1);
    await u.launch(sequence.id);
    at('2025-05-01T10:00:00Z');
    await runEngineRound(u.deps);
    expect(await u.inbox()).toHaveLength(1);
    const [send] = await u.sends(sequence.id);
    // As if Gmail took it but the answer was lost and the attempts ran out.
    await markFailed(send!.id, send!.sequenceContactId, 'Gmail did not answer');
    expect((await u.browser.post(`/api/email-sends/${send!.id}/retry`)).status).toBe(200);
    await runEngineRound(u.deps);
    expect(await u.inbox()).toHaveLength(1);
    expect((await u.sends(sequence.id))[0]).toMatchObject({
      state: 'sent',
      gmailMessageId: send!.gmailMessageId,
    });
  });

  it("refuses a retry for a contact who unsubscribed since, and another user's email is a 404", async () => {
    const u = await engineUser(env);
    const { sequence, people } = await oneStep(u, 1);
    await u.launch(sequence.id);
    const [send] = await u.sends(sequence.id);
    await markFailed(send!.id, send!.sequenceContactId, 'refused');
    await env.database.db.update(contacts).set({ unsubscribed: true }).where(eq(contacts.id, people[0]!.id));
    const [row] = (await u.browser.get('/api/email-sends?state=failed')).json<EmailSendRow[]>();
    expect(row?.retryable).toBe(false);
    const refused = await u.browser.post(`/api/email-sends/${send!.id}/retry`);
    expect(refused.status).toBe(409);
    const stranger = env.browser();
    await stranger.signUp();
    expect((await stranger.post(`/api/email-sends/${send!.id}/retry`)).status).toBe(404);
    expect((await stranger.post('/api/email-sends/not-an-id/retry')).status).toBe(404);
  });
});

describe('launch preview', () => {
  it('counts the contacts a launch would email and the first send time; nothing new after the launch', async () => {
    const u = await engineUser(env, { gap: [60, 180] });
    const { sequence, people } = await oneStep(u, 3);
    await env.database.db.update(contacts).set({ unsubscribed: true }).where(eq(contacts.id, people[2]!.id));
    const url = `/api/sequences/${sequence.id}/launch-preview`;
    expect((await u.browser.get(url)).json<LaunchPreview>()).toEqual({
      newContacts: 2,
      skipped: 1,
      firstSendAt: '2025-05-01T10:00:00.000Z',
      timezone: 'UTC',
      localTime: null,
      mailbox: { email: u.account.email, minGapSeconds: 60, maxGapSeconds: 180 },
    });
    // The preview enrolled nobody.
    expect(
      await env.database.db
        .select()
        .from(sequenceContacts)
        .where(eq(sequenceContacts.sequenceId, sequence.id)),
    ).toEqual([]);
    expect((await u.launch(sequence.id)).json()).toMatchObject({ enrolled: 2 });
    expect((await u.browser.get(url)).json<LaunchPreview>()).toMatchObject({ newContacts: 0, skipped: 3 });
    expect((await u.launch(sequence.id)).json()).toMatchObject({ enrolled: 0 });
    const stranger = env.browser();
    await stranger.signUp();
    expect((await stranger.get(url)).status).toBe(404);
  });
});

describe('expected send times', () => {
  it("spaces scheduled emails by the mailbox's average gap from when it may next send", async () => {
    const u = await engineUser(env, { gap: [60, 180] });
    const { sequence } = await oneStep(u, 3);
    await u.launch(sequence.id);
    await env.database.db
      .update(gmailAccounts)
      .set({ nextSendAt: new Date('2025-05-01T10:01:00Z') })
      .where(eq(gmailAccounts.id, u.account.id));
    const rows = (await u.browser.get('/api/email-sends?state=scheduled')).json<EmailSendRow[]>();
    expect(rows.map((row) => [row.scheduledFor, row.expectedAt])).toEqual([
      ['2025-05-01T10:00:00.000Z', '2025-05-01T10:01:00.000Z'],
      ['2025-05-01T10:00:00.000Z', '2025-05-01T10:03:00.000Z'],
      ['2025-05-01T10:00:00.000Z', '2025-05-01T10:05:00.000Z'],
    ]);
    const status = (await u.browser.get('/api/queue/status')).json<{ mailboxes: { queued: number }[] }>();
    expect(status.mailboxes).toEqual([
      expect.objectContaining({ queued: 3, minGapSeconds: 60, maxGapSeconds: 180 }),
    ]);
  });
});
