import {
  claimMailboxSends,
  deliverSend,
  dispatchDueSends,
  markSentMany,
  reconcileStaleSends,
  runEngineRound,
  sendEmail,
} from '@prospector/core';
import { emailLogs, gmailAccounts, sequenceContacts, type sequences } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EngineUser, engineUser, flaky, header, type InboxMessage } from '../../testing/engine-test-kit';
import { connectMailbox, type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());
beforeEach(() => env.clock.set(new Date('2025-05-01T09:00:00Z')));

const at = (iso: string) => env.clock.set(new Date(iso));

const launched = (u: EngineUser, count: number, values: Partial<typeof sequences.$inferInsert> = {}) =>
  u.launchOneStep(count, values);

const messageIds = (inbox: InboxMessage[]) => inbox.map((m) => header(m, 'Message-ID'));

describe('dispatch', () => {
  it('never exceeds the daily limit; held sends move to the next day after 4 hours', async () => {
    const u = await engineUser(env);
    await env.database.db
      .update(gmailAccounts)
      .set({ dailyLimit: 2 })
      .where(eq(gmailAccounts.id, u.account.id));
    const { sequence } = await launched(u, 5);
    at('2025-05-01T10:00:00Z');
    await runEngineRound(u.deps);
    await runEngineRound(u.deps);
    expect(await u.inbox()).toHaveLength(2);
    const waiting = (await u.sends(sequence.id)).filter((s) => s.state === 'scheduled');
    expect(waiting).toHaveLength(3);
    for (const send of waiting)
      expect(send.waitingReason).toBe(`Daily sending limit reached for ${u.account.email}`);
    at('2025-05-01T14:00:01Z');
    await runEngineRound(u.deps);
    for (const send of (await u.sends(sequence.id)).filter((s) => s.state === 'scheduled')) {
      expect(send.scheduledFor.toISOString()).toBe('2025-05-02T10:00:00.000Z');
    }
    at('2025-05-02T10:00:00Z');
    await runEngineRound(u.deps);
    expect(await u.inbox()).toHaveLength(4);
  });

  it('keeps the mailbox’s gap between two sends', async () => {
    const u = await engineUser(env, { gap: [60, 60] });
    await launched(u, 3);
    at('2025-05-01T10:00:00Z');
    await runEngineRound(u.deps);
    expect(await u.inbox()).toHaveLength(1);
    const [box] = await env.database.db
      .select()
      .from(gmailAccounts)
      .where(eq(gmailAccounts.id, u.account.id));
    expect(box?.nextSendAt?.toISOString()).toBe('2025-05-01T10:01:00.000Z');
    await runEngineRound(u.deps);
    expect(await u.inbox()).toHaveLength(1);
    at('2025-05-01T10:01:00Z');
    await runEngineRound(u.deps);
    expect(await u.inbox()).toHaveLength(2);
  });

  it('pins enrolments to the least-loaded mailbox, and two workers never send a row twice', async () => {
    const u = await engineUser(env);
    await connectMailbox(u.browser, 'second-box@engine-test.example');
    const boxes = await env.database.db
      .update(gmailAccounts)
      .set({ minGapSeconds: 0, maxGapSeconds: 0 })
      .where(eq(gmailAccounts.workspaceId, u.workspaceId))
      .returning();
    const { sequence } = await launched(u, 30, { senderAccountIds: boxes.map((b) => b.id) });
    const pinned = await env.database.db
      .select()
      .from(sequenceContacts)
      .where(eq(sequenceContacts.sequenceId, sequence.id));
    const perBox = boxes.map((b) => pinned.filter((e) => e.senderAccountId === b.id).length);
    expect(perBox).toEqual([15, 15]);

    at('2025-05-01T10:00:00Z');
    const [a, b] = await Promise.all([dispatchDueSends(u.deps), dispatchDueSends({ ...u.deps })]);
    expect(a.sent + b.sent).toBe(30);
    const inbox = await u.inbox();
    expect(inbox).toHaveLength(30);
    expect(new Set(messageIds(inbox)).size).toBe(30);
    const logs = await env.database.db
      .select()
      .from(emailLogs)
      .where(eq(emailLogs.workspaceId, u.workspaceId));
    expect(logs).toHaveLength(30);
    const sends = await u.sends(sequence.id);
    expect(new Set(sends.map((s) => s.gmailMessageId)).size).toBe(30);
    expect(sends.every((s) => s.state === 'sent' && s.attempts === 1)).toBe(true);
  });

  it('claims no more than the remaining quota, and one send per gap', async () => {
    const u = await engineUser(env);
    await env.database.db
      .update(gmailAccounts)
      .set({ dailyLimit: 3 })
      .where(eq(gmailAccounts.id, u.account.id));
    await launched(u, 5);
    at('2025-05-01T10:00:00Z');
    expect(await claimMailboxSends(u.deps, u.account.id)).toHaveLength(3);
    const v = await engineUser(env, { gap: [30, 90] });
    await launched(v, 3);
    expect(await claimMailboxSends(v.deps, v.account.id)).toHaveLength(1);
    expect(await claimMailboxSends(v.deps, v.account.id)).toHaveLength(0);
    const [box] = await env.database.db
      .select()
      .from(gmailAccounts)
      .where(eq(gmailAccounts.id, v.account.id));
    const gap = (box!.nextSendAt!.getTime() - env.clock.now().getTime()) / 1000;
    expect(gap).toBeGreaterThanOrEqual(30);
    expect(gap).toBeLessThanOrEqual(90);
    // Leave nothing claimed behind for the reconciler tests below.
    await runEngineRound(u.deps);
    env.clock.set(new Date('2025-05-01T10:30:00Z'));
    await reconcileStaleSends(u.deps);
  });

  it('concurrent claims of one mailbox take each send once', async () => {
    const u = await engineUser(env, { gap: [0, 0] });
    await env.database.db
      .update(gmailAccounts)
      .set({ dailyLimit: 1000 })
      .where(eq(gmailAccounts.id, u.account.id));
    const { sequence } = await launched(u, 25);
    at('2025-05-01T10:00:00Z');
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => claimMailboxSends(u.deps, u.account.id)),
    );
    const ids = claims.flat();
    expect(ids).toHaveLength(25);
    expect(new Set(ids).size).toBe(25);
    expect((await u.sends(sequence.id)).every((s) => s.state === 'sending')).toBe(true);
    for (const id of ids) await deliverSend(u.deps, id);
    expect(await u.inbox()).toHaveLength(25);
  });
});

describe('failures and crash safety', () => {
  it('a 4xx from Gmail fails the send and its enrolment with the reason', async () => {
    const u = await engineUser(env);
    const { sequence, people } = await launched(u, 1);
    at('2025-05-01T10:00:00Z');
    await runEngineRound(flaky(u, people[0]!.email, [400]));
    const [send] = await u.sends(sequence.id);
    expect(send).toMatchObject({
      state: 'failed',
      lastError: 'Gmail did not accept the message (HTTP 400 UNAVAILABLE): Simulated',
    });
    const [enrolment] = await env.database.db
      .select()
      .from(sequenceContacts)
      .where(eq(sequenceContacts.sequenceId, sequence.id));
    expect(enrolment?.status).toBe('failed');
  });

  it('429 and 5xx are retried with exponential backoff, past the third attempt, and the email goes once', async () => {
    const u = await engineUser(env);
    const { sequence, people } = await launched(u, 1);
    const deps = flaky(u, people[0]!.email, [503, 429, 503]);
    at('2025-05-01T10:00:00Z');
    await runEngineRound(deps);
    expect((await u.sends(sequence.id))[0]).toMatchObject({
      state: 'scheduled',
      attempts: 1,
      waitingReason: expect.stringMatching(/^Gmail did not answer, retrying at 10:00 UTC$/),
    });
    await runEngineRound(deps);
    expect((await u.sends(sequence.id))[0]?.attempts).toBe(1);
    // Backoffs drawn in (half, full] of 30 s, 60 s and 120 s: the clock moves by the full one each time.
    at('2025-05-01T10:00:30Z');
    await runEngineRound(deps);
    expect((await u.sends(sequence.id))[0]).toMatchObject({ state: 'scheduled', attempts: 2 });
    at('2025-05-01T10:01:30Z');
    await runEngineRound(deps);
    expect((await u.sends(sequence.id))[0]).toMatchObject({ state: 'scheduled', attempts: 3 });
    at('2025-05-01T10:03:30Z');
    await runEngineRound(deps);
    expect((await u.sends(sequence.id))[0]).toMatchObject({ state: 'sent', attempts: 4 });
    expect(await u.inbox()).toHaveLength(1);
  });

  it('a 5xx after Gmail did send is not sent again: the retry finds it by Message-ID', async () => {
    const u = await engineUser(env);
    const { sequence, people } = await launched(u, 1);
    const deps = flaky(u, people[0]!.email, [500], { deliverFirst: true });
    at('2025-05-01T10:00:00Z');
    await runEngineRound(deps);
    expect(await u.inbox()).toHaveLength(1);
    at('2025-05-01T10:00:30Z');
    await runEngineRound(deps);
    const inbox = await u.inbox();
    expect(inbox).toHaveLength(1);
    const [send] = await u.sends(sequence.id);
    expect(send).toMatchObject({ state: 'sent', gmailMessageId: inbox[0]?.id });
  });

  it('a worker that died after claiming, before Gmail: the reconciler sends it, once', async () => {
    const u = await engineUser(env);
    const { sequence } = await launched(u, 1);
    at('2025-05-01T10:00:00Z');
    expect(await claimMailboxSends(u.deps, u.account.id)).toHaveLength(1);
    at('2025-05-01T10:05:00Z');
    await runEngineRound(u.deps);
    expect(await u.inbox()).toHaveLength(0);
    at('2025-05-01T10:10:01Z');
    await runEngineRound(u.deps);
    await runEngineRound(u.deps);
    expect(await u.inbox()).toHaveLength(1);
    const [send] = await u.sends(sequence.id);
    // Claimed once by the dead worker, once by the reconciler.
    expect(send).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('a worker that died after Gmail accepted, before marking: the reconciler finds it, no duplicate', async () => {
    const u = await engineUser(env);
    const { sequence, people } = await launched(u, 1);
    at('2025-05-01T10:00:00Z');
    await claimMailboxSends(u.deps, u.account.id);
    const [claimed] = await u.sends(sequence.id);
    // What the dead worker got done: the message reached Gmail with the stored Message-ID.
    const delivered = await sendEmail(u.deps, {
      workspaceId: u.workspaceId,
      senderAccountId: u.account.id,
      to: people[0]!.email,
      subject: claimed!.subject,
      html: claimed!.htmlBody,
      text: claimed!.plainTextBody ?? '',
      messageId: claimed!.messageId!,
    });
    at('2025-05-01T10:10:01Z');
    await runEngineRound(u.deps);
    await runEngineRound(u.deps);
    const inbox = await u.inbox();
    expect(inbox).toHaveLength(1);
    const [send] = await u.sends(sequence.id);
    expect(send).toMatchObject({ state: 'sent', gmailMessageId: delivered.gmailMessageId });
    const [enrolment] = await env.database.db
      .select()
      .from(sequenceContacts)
      .where(eq(sequenceContacts.sequenceId, sequence.id));
    expect(enrolment?.nextRunAt).not.toBeNull();
  });

  it('a round marks its accepted sends together, each with its own ids, thread, deadline and quota row', async () => {
    const u = await engineUser(env);
    const { sequence } = await launched(u, 7);
    at('2025-05-01T10:00:00Z');
    const outcome = await dispatchDueSends(u.deps, { concurrency: 3 });
    expect(outcome.sent).toBe(7);
    const inbox = await u.inbox();
    expect(new Set(messageIds(inbox)).size).toBe(7);
    const sends = await u.sends(sequence.id);
    const enrolments = await env.database.db
      .select()
      .from(sequenceContacts)
      .where(eq(sequenceContacts.sequenceId, sequence.id));
    const logs = await env.database.db
      .select()
      .from(emailLogs)
      .where(eq(emailLogs.workspaceId, u.workspaceId));
    for (const send of sends) {
      expect(send.state).toBe('sent');
      const received = inbox.find((m) => header(m, 'Message-ID') === send.messageId);
      expect(send.gmailMessageId).toBe(received?.id);
      const enrolment = enrolments.find((e) => e.id === send.sequenceContactId);
      expect(enrolment).toMatchObject({ threadId: send.gmailThreadId, threadMessageIds: [send.messageId] });
      // The step's reaction window (48 hours by default) from the send's own time.
      expect(enrolment?.nextRunAt?.getTime()).toBe(send.sentAt!.getTime() + 48 * 3_600_000);
      expect(logs.filter((l) => l.emailSendId === send.id).map((l) => l.status)).toEqual(['sent']);
    }
  });

  it('a batch mark changes only the sends still in flight and says which it marked', async () => {
    const u = await engineUser(env);
    const { sequence } = await launched(u, 2);
    at('2025-05-01T10:00:00Z');
    await claimMailboxSends(u.deps, u.account.id);
    const [first, second] = await u.sends(sequence.id);
    const row = (send: NonNullable<typeof first>) => ({
      id: send.id,
      sequenceContactId: send.sequenceContactId,
      stepId: send.stepId,
      subject: send.subject,
      messageId: send.messageId,
      reactionWindowHours: 1,
      reactionWindowMinutes: 0,
      workspaceId: send.workspaceId,
      senderAccountId: send.senderAccountId,
      logId: null,
    });
    const sentAt = new Date('2025-05-01T10:00:05Z');
    expect(
      await markSentMany(u.deps, [
        { send: row(first!), sent: { gmailMessageId: 'g1', threadId: 't1', sentAt } },
      ]),
    ).toEqual(new Set([first!.id]));
    const both = await markSentMany(u.deps, [
      { send: row(first!), sent: { gmailMessageId: 'late', threadId: 'late', sentAt } },
      { send: row(second!), sent: { gmailMessageId: 'g2', threadId: 't2', sentAt } },
    ]);
    expect(both).toEqual(new Set([second!.id]));
    const after = await u.sends(sequence.id);
    expect(after.find((s) => s.id === first!.id)).toMatchObject({ state: 'sent', gmailMessageId: 'g1' });
    expect(after.find((s) => s.id === second!.id)).toMatchObject({ state: 'sent', gmailMessageId: 'g2' });
    const enrolment = (
      await env.database.db
        .select()
        .from(sequenceContacts)
        .where(eq(sequenceContacts.id, first!.sequenceContactId))
    )[0];
    expect(enrolment).toMatchObject({ threadId: 't1', threadMessageIds: [first!.messageId] });
  });
});
