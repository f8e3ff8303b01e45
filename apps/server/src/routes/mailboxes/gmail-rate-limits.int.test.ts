import { runEngineRound, SCOPE_REMOVED_MESSAGE } from '@prospector/core';
import { gmailAccounts, sequenceContacts, type sequences } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EngineUser, engineUser, header } from '../../testing/engine-test-kit';
import { type MailboxApp, sandboxKeyOf, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());
beforeEach(() => env.clock.set(new Date('2025-05-01T09:00:00Z')));

const at = (iso: string) => env.clock.set(new Date(iso));

const launched = (u: EngineUser, count: number, values: Partial<typeof sequences.$inferInsert> = {}) =>
  u.launchOneStep(count, values);

async function queueFaults(u: EngineUser, faults: string[]) {
  const response = await u.browser.post('/api/sandbox/faults', { mailbox: u.account.email, faults });
  expect(response.status).toBe(200);
}

const enrolments = (sequenceId: string) =>
  env.database.db.select().from(sequenceContacts).where(eq(sequenceContacts.sequenceId, sequenceId));

const mailbox = async (id: string) =>
  (await env.database.db.select().from(gmailAccounts).where(eq(gmailAccounts.id, id)))[0]!;

describe('Gmail rate limits hold the mailbox, not the enrolment', () => {
  it('a 403 userRateLimitExceeded during a burst delays the sends, then each is delivered exactly once', async () => {
    const u = await engineUser(env);
    const { sequence, people } = await launched(u, 6);
    await queueFaults(u, ['403:userRateLimitExceeded', '403:rateLimitExceeded', '403:userRateLimitExceeded']);
    at('2025-05-01T10:00:00Z');
    await runEngineRound(u.deps);
    const afterBurst = await u.sends(sequence.id);
    const waiting = afterBurst.filter((s) => s.state === 'scheduled');
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting[0]?.waitingReason).toMatch(/^Gmail rate limit reached, retrying at 10:0\d UTC$/);
    expect((await mailbox(u.account.id)).nextSendAt!.getTime()).toBeGreaterThan(
      Date.parse('2025-05-01T10:00:00Z'),
    );
    expect((await enrolments(sequence.id)).every((e) => e.status === 'active')).toBe(true);

    for (let minute = 1; minute <= 30; minute++) {
      if ((await u.sends(sequence.id)).every((s) => s.state === 'sent')) break;
      at(new Date(Date.parse('2025-05-01T10:00:00Z') + minute * 60_000).toISOString());
      await runEngineRound(u.deps);
    }
    const sends = await u.sends(sequence.id);
    expect(sends.every((s) => s.state === 'sent')).toBe(true);
    const inbox = await u.inbox();
    expect(inbox).toHaveLength(people.length);
    expect(new Set(inbox.map((m) => header(m, 'To'))).size).toBe(people.length);
    expect(new Set(inbox.map((m) => header(m, 'Message-ID'))).size).toBe(people.length);
    expect((await enrolments(sequence.id)).every((e) => e.status === 'active')).toBe(true);
  });

  it('the sending limit\'s "Retry after" one hour holds the mailbox an hour, lowers its limit, and the enrolment stays active', async () => {
    const u = await engineUser(env);
    const { sequence } = await launched(u, 1);
    await queueFaults(u, ['429:sending-limit']);
    at('2025-05-01T10:00:00Z');
    await runEngineRound(u.deps);
    const [held] = await u.sends(sequence.id);
    expect(held).toMatchObject({
      state: 'scheduled',
      waitingReason: 'Gmail sending limit reached, retrying at 11:00 UTC',
    });
    const listed = await u.browser.get('/api/email-sends?state=waiting');
    expect(JSON.stringify(listed.json())).toContain('Gmail sending limit reached, retrying at 11:00 UTC');
    const account = await mailbox(u.account.id);
    expect(account.nextSendAt).toEqual(new Date('2025-05-01T11:00:00Z'));
    // Nothing was sent in the last 24 hours: the lowest limit that still lets the mailbox send.
    expect(account.dailyLimit).toBe(1);
    expect((await enrolments(sequence.id))[0]?.status).toBe('active');

    at('2025-05-01T10:59:59Z');
    await runEngineRound(u.deps);
    expect(await u.inbox()).toHaveLength(0);
    at('2025-05-01T11:00:00Z');
    await runEngineRound(u.deps);
    expect(await u.inbox()).toHaveLength(1);
    expect((await u.sends(sequence.id))[0]).toMatchObject({ state: 'sent', waitingReason: null });
    expect((await enrolments(sequence.id))[0]?.status).toBe('active');
  });
});

describe('Gmail refusals that need the user', () => {
  it('insufficientPermissions marks the mailbox for reconnection and its sends wait', async () => {
    const u = await engineUser(env);
    const { sequence } = await launched(u, 1);
    await queueFaults(u, ['403:insufficientPermissions']);
    at('2025-05-01T10:00:00Z');
    await runEngineRound(u.deps);
    expect(await mailbox(u.account.id)).toMatchObject({
      status: 'token_expired',
      lastError: SCOPE_REMOVED_MESSAGE,
    });
    expect((await u.sends(sequence.id))[0]).toMatchObject({
      state: 'scheduled',
      waitingReason: `${u.account.email} needs to be reconnected`,
    });
    expect((await enrolments(sequence.id))[0]?.status).toBe('active');
  });

  it('a revoked grant (401, then invalid_grant on refresh) marks the mailbox for reconnection', async () => {
    const u = await engineUser(env);
    const { sequence } = await launched(u, 1);
    await queueFaults(u, ['401:invalid_grant']);
    at('2025-05-01T10:00:00Z');
    await runEngineRound(u.deps);
    expect((await mailbox(u.account.id)).status).toBe('token_expired');
    expect((await u.sends(sequence.id))[0]?.state).toBe('scheduled');
    expect((await enrolments(sequence.id))[0]?.status).toBe('active');
  });
});

describe('POST and DELETE /api/sandbox/faults', () => {
  it("queues faults for one of the user's sandbox mailboxes and clears them", async () => {
    const u = await engineUser(env);
    const other = await engineUser(env);
    const post = (body: unknown) => u.browser.post('/api/sandbox/faults', body);
    expect((await post({ mailbox: other.account.email, faults: ['500'] })).status).toBe(404);
    const bad = await post({ mailbox: u.account.email, faults: ['418'] });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.stringContaining('Each fault is one of 429, 500') });
    expect((await post({ mailbox: u.account.email, faults: [] })).status).toBe(400);
    expect((await post({ mailbox: u.account.email, faults: ['500', '503'] })).json()).toEqual({
      mailbox: u.account.email,
      queued: ['500', '503'],
    });
    expect(await env.sandbox.control.pendingFaults(await sandboxKeyOf(env, u.account.email))).toEqual([
      '500',
      '503',
    ]);
    const cleared = await u.browser.delete(
      `/api/sandbox/faults?mailbox=${encodeURIComponent(u.account.email)}`,
    );
    expect(cleared.status).toBe(200);
    expect(await env.sandbox.control.pendingFaults(await sandboxKeyOf(env, u.account.email))).toEqual([]);
  });
});
