import type { LaunchReview, Mailbox, SenderHealth } from '@prospector/contracts';
import {
  checkMailboxHealth,
  createResolver,
  createSenderHealthGate,
  type HealthReport,
  MAILBOX_HEALTH_CHECK_JOB,
  type MailboxHealthDeps,
  runHealthCheckJob,
  type SenderToCheck,
} from '@prospector/core';
import { emailSends, gmailAccounts, trackingEvents, webhookEvents } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EngineUser, engineUser } from '../../testing/engine-test-kit';
import { connectMailbox, type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

/** What the stand-in checks find, per domain; a test sets it, every check made is recorded. */
const findings = new Map<string, { dmarcAligned: boolean | 'unknown'; blocklisted: boolean | null }>();
const asked: SenderToCheck[] = [];

function reportFor(sender: SenderToCheck, at: Date): HealthReport {
  const domain = sender.email.split('@')[1]!;
  const found = findings.get(domain) ?? { dmarcAligned: true, blocklisted: false };
  const aligned = found.dmarcAligned === true;
  return {
    status: found.blocklisted
      ? 'failing'
      : aligned
        ? 'good'
        : found.dmarcAligned === false
          ? 'failing'
          : 'unknown',
    checkedAt: at,
    checks: [
      {
        name: 'mx',
        result: 'pass',
        found: `10 mx.${domain}`,
        reason: 'The domain receives mail.',
        fix: null,
      },
      {
        name: 'spf',
        result: 'pass',
        found: 'v=spf1 include:_spf.google.com ~all',
        reason: 'SPF allows Google.',
        fix: null,
      },
      { name: 'dkim', result: 'pass', found: 'google', reason: 'A 2048-bit key is published.', fix: null },
      aligned
        ? { name: 'dmarc', result: 'pass', found: 'v=DMARC1; p=none', reason: 'DMARC aligns.', fix: null }
        : {
            name: 'dmarc',
            result: 'fail',
            found: null,
            reason: 'No DMARC record is published.',
            fix: { type: 'TXT', name: `_dmarc.${domain}`, value: 'v=DMARC1; p=none' },
          },
      {
        name: 'blocklist',
        result: found.blocklisted ? 'fail' : 'pass',
        found: found.blocklisted ? 'dbl.test' : null,
        reason: found.blocklisted ? 'The domain is listed.' : 'Not listed.',
        fix: null,
      },
    ],
    dmarcAligned: found.dmarcAligned,
    blocklisted: found.blocklisted,
  };
}

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp({
    checkSender: async (sender) => {
      asked.push(sender);
      return reportFor(sender, env.clock.now());
    },
  });
});
afterAll(async () => {
  await env?.close();
});
beforeEach(() => {
  env.clock.set(new Date('2025-05-01T09:00:00Z'));
  findings.clear();
});

const domainOf = (u: EngineUser) => u.account.email.split('@')[1]!;
const health = (u: EngineUser, id = u.account.id) => u.browser.get(`/api/mailboxes/${id}/health`);
const checkAgain = (u: EngineUser, id = u.account.id) => u.browser.post(`/api/mailboxes/${id}/health/check`);
const mailbox = async (u: EngineUser) =>
  (await u.browser.get('/api/mailboxes')).json<Mailbox[]>().find((m) => m.id === u.account.id)!;
const account = async (u: EngineUser) =>
  (await env.database.db.select().from(gmailAccounts).where(eq(gmailAccounts.id, u.account.id)))[0]!;
const healthEvents = (u: EngineUser) =>
  env.database.db
    .select()
    .from(webhookEvents)
    .where(
      and(eq(webhookEvents.workspaceId, u.workspaceId), eq(webhookEvents.type, 'mailbox.health_changed')),
    );

describe('sender health of a mailbox', () => {
  it('answers "unknown" with no date before the first check, then the checks found', async () => {
    const u = await engineUser(env);
    const before = (await health(u)).json<SenderHealth>();
    expect(before).toMatchObject({ status: 'unknown', checkedAt: null, checks: [], domain: domainOf(u) });
    expect(before.rules.map((rule) => [rule.key, rule.met])).toEqual([
      ['spf', false],
      ['dkim', false],
      ['dmarc', false],
      ['alignment', false],
      ['one_click_unsubscribe', false],
      ['complaint_rate', true],
    ]);
    expect((await mailbox(u)).senderHealth).toEqual({ status: 'unknown', checkedAt: null, held: false });

    const checked = await checkAgain(u);
    expect(checked.status).toBe(200);
    const answer = checked.json<SenderHealth>();
    expect(answer).toMatchObject({ status: 'good', checkedAt: '2025-05-01T09:00:00.000Z' });
    expect(answer.checks.map((check) => [check.name, check.result])).toEqual([
      ['mx', 'pass'],
      ['spf', 'pass'],
      ['dkim', 'pass'],
      ['dmarc', 'pass'],
      ['blocklist', 'pass'],
    ]);
    expect(asked.at(-1)).toMatchObject({ email: u.account.email, provider: 'google' });
    expect((await health(u)).json<SenderHealth>()).toEqual(answer);
    expect(answer.rules.filter((rule) => !rule.met).map((rule) => rule.key)).toEqual([
      // The test app is served over http: one-click unsubscribe needs https.
      'one_click_unsubscribe',
    ]);
    expect((await mailbox(u)).senderHealth).toEqual({
      status: 'good',
      checkedAt: '2025-05-01T09:00:00.000Z',
      held: false,
    });
  });

  it("is a 404 for another user's mailbox and for an id that is not one", async () => {
    const owner = await engineUser(env);
    const other = await engineUser(env);
    for (const response of [
      await health(other, owner.account.id),
      await checkAgain(other, owner.account.id),
      await health(other, 'not-an-id'),
    ]) {
      expect(response.status).toBe(404);
      expect(response.json<{ message: string }>().message).toBe('Mailbox not found');
    }
  });

  it('does not hold a mailbox whose domain never aligned under DMARC, and warns of it', async () => {
    const u = await engineUser(env);
    const endpoint = await u.browser.post('/api/webhooks', {
      url: 'https://crm.example.com/hooks',
      eventTypes: ['mailbox.health_changed'],
    });
    expect(endpoint.status).toBe(201);
    findings.set(domainOf(u), { dmarcAligned: false, blocklisted: false });
    const first = (await checkAgain(u)).json<SenderHealth>();
    expect(first.status).toBe('failing');
    expect(first.hold).toEqual({ held: false, overriddenAt: null });
    expect(first.checks.find((c) => c.name === 'dmarc')?.fix).toEqual({
      type: 'TXT',
      name: `_dmarc.${domainOf(u)}`,
      value: 'v=DMARC1; p=none',
    });
    const unheld = await mailbox(u);
    expect(unheld.paused).toBeNull();
    expect(unheld.senderHealth).toEqual({
      status: 'failing',
      checkedAt: '2025-05-01T09:00:00.000Z',
      held: false,
    });
    expect((await account(u)).pausedAt).toBeNull();
    expect((await healthEvents(u)).map((e) => e.data)).toEqual([
      expect.objectContaining({ status: 'failing', previousStatus: 'unknown', held: false, reason: null }),
    ]);

    // Checked again, still never aligned: still not held.
    env.clock.set(new Date('2025-05-02T09:00:00Z'));
    expect((await checkAgain(u)).json<SenderHealth>().hold.held).toBe(false);
    expect((await account(u)).pausedAt).toBeNull();
  });

  it('holds a mailbox whose domain loses DMARC alignment, and releases it when it passes', async () => {
    const u = await engineUser(env);
    const endpoint = await u.browser.post('/api/webhooks', {
      url: 'https://crm.example.com/hooks',
      eventTypes: ['mailbox.health_changed'],
    });
    expect(endpoint.status).toBe(201);
    findings.set(domainOf(u), { dmarcAligned: true, blocklisted: false });
    expect((await checkAgain(u)).json<SenderHealth>()).toMatchObject({
      status: 'good',
      hold: { held: false },
    });
    env.clock.set(new Date('2025-05-01T09:30:00Z'));
    findings.set(domainOf(u), { dmarcAligned: false, blocklisted: false });
    const failing = (await checkAgain(u)).json<SenderHealth>();
    expect(failing.status).toBe('failing');
    expect(failing.hold).toEqual({ held: true, overriddenAt: null });
    expect(failing.checks.find((c) => c.name === 'dmarc')?.fix).toEqual({
      type: 'TXT',
      name: `_dmarc.${domainOf(u)}`,
      value: 'v=DMARC1; p=none',
    });
    const held = await mailbox(u);
    expect(held.paused?.reason).toContain(`${domainOf(u)} fails DMARC alignment`);
    expect(held.senderHealth.held).toBe(true);
    expect((await healthEvents(u)).map((e) => e.data)).toEqual([
      expect.objectContaining({ status: 'good', previousStatus: 'unknown', held: false }),
      expect.objectContaining({ status: 'failing', previousStatus: 'good', held: true }),
    ]);

    // A check that cannot tell changes nothing.
    findings.set(domainOf(u), { dmarcAligned: 'unknown', blocklisted: null });
    env.clock.set(new Date('2025-05-01T10:00:00Z'));
    expect((await checkAgain(u)).json<SenderHealth>().hold.held).toBe(true);

    findings.set(domainOf(u), { dmarcAligned: true, blocklisted: false });
    env.clock.set(new Date('2025-05-01T11:00:00Z'));
    const passing = (await checkAgain(u)).json<SenderHealth>();
    expect(passing).toMatchObject({ status: 'good', hold: { held: false } });
    expect((await account(u)).pausedAt).toBeNull();
    expect((await healthEvents(u)).at(-1)?.data).toMatchObject({ status: 'good', held: false, reason: null });
  });

  it('remembers alignment across a check that could not tell: losing it after that still holds', async () => {
    const u = await engineUser(env);
    findings.set(domainOf(u), { dmarcAligned: true, blocklisted: false });
    expect((await checkAgain(u)).json<SenderHealth>().hold.held).toBe(false);
    env.clock.set(new Date('2025-05-01T09:30:00Z'));
    findings.set(domainOf(u), { dmarcAligned: 'unknown', blocklisted: null });
    expect((await checkAgain(u)).json<SenderHealth>().hold.held).toBe(false);
    env.clock.set(new Date('2025-05-01T10:00:00Z'));
    findings.set(domainOf(u), { dmarcAligned: false, blocklisted: false });
    expect((await checkAgain(u)).json<SenderHealth>().hold).toEqual({ held: true, overriddenAt: null });
  });

  it('never lifts a pause it did not place (a high bounce rate)', async () => {
    const u = await engineUser(env);
    const bounced = new Date('2025-05-01T08:00:00Z');
    await env.database.db
      .update(gmailAccounts)
      .set({ pausedAt: bounced, pausedReason: 'Paused automatically: bounces' })
      .where(eq(gmailAccounts.id, u.account.id));
    await checkAgain(u);
    // Alignment lost while already paused: the pause stays the bounce rate's, not a hold.
    findings.set(domainOf(u), { dmarcAligned: false, blocklisted: false });
    expect((await checkAgain(u)).json<SenderHealth>().hold.held).toBe(false);
    findings.set(domainOf(u), { dmarcAligned: true, blocklisted: false });
    await checkAgain(u);
    expect(await account(u)).toMatchObject({
      pausedAt: bounced,
      pausedReason: 'Paused automatically: bounces',
    });
  });

  it('keeps an override until what the hold rests on changes', async () => {
    const u = await engineUser(env);
    await checkAgain(u);
    findings.set(domainOf(u), { dmarcAligned: false, blocklisted: false });
    expect((await checkAgain(u)).json<SenderHealth>().hold.held).toBe(true);
    expect((await u.browser.post(`/api/gmail/accounts/${u.account.id}/resume`)).status).toBe(200);
    env.clock.set(new Date('2025-05-02T09:00:00Z'));
    const again = (await checkAgain(u)).json<SenderHealth>();
    expect(again.hold).toEqual({ held: false, overriddenAt: '2025-05-01T09:00:00.000Z' });
    expect((await account(u)).pausedAt).toBeNull();

    // Newly on a blocklist: held again, the override gone.
    findings.set(domainOf(u), { dmarcAligned: false, blocklisted: true });
    env.clock.set(new Date('2025-05-03T09:00:00Z'));
    const listed = (await checkAgain(u)).json<SenderHealth>();
    expect(listed.hold).toEqual({ held: true, overriddenAt: null });
    expect((await account(u)).pausedReason).toContain('on a blocklist');
  });

  it('limits "Check again" per user and minute', async () => {
    const u = await engineUser(env);
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await checkAgain(u)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    env.clock.set(new Date('2025-05-01T09:01:01Z'));
    expect((await checkAgain(u)).status).toBe(200);
  });

  it("shows gmail.com addresses as authenticated by Google, through the app's own checks", async () => {
    const u = await engineUser(env, {
      connect: async (browser) => {
        const email = `health-${Date.now()}@gmail.com`;
        await connectMailbox(browser, email);
        return email;
      },
    });
    // The app's checks (no stand-in): Google's own domain is answered without a lookup.
    const deps: MailboxHealthDeps = {
      ...env.core,
      senderHealth: { dns: createResolver({ servers: ['127.0.0.1:9'], clock: env.clock }), dnsblZones: [] },
      appUrl: env.appUrl,
      gate: createSenderHealthGate(),
    };
    const answer = await checkMailboxHealth(deps, u.workspaceId, u.account.id);
    expect(answer).toMatchObject({ status: 'good', providerDomain: true, domain: 'gmail.com' });
    expect(answer.checks.every((check) => check.result === 'pass')).toBe(true);
    expect(answer.checks[0]?.reason).toContain('Google');
    expect((await health(u)).json<SenderHealth>()).toEqual(answer);
  });

  it('checks a mailbox in the background when it connects', async () => {
    const u = await engineUser(env);
    const job = env.queue.jobs.find(
      (j) =>
        j.name === MAILBOX_HEALTH_CHECK_JOB &&
        (j.data as { workspaceId: string }).workspaceId === u.workspaceId,
    );
    expect(job).toBeDefined();
    expect((await health(u)).json<SenderHealth>().status).toBe('unknown');
    const deps: MailboxHealthDeps = {
      ...env.core,
      checkSender: async (sender) => reportFor(sender, env.clock.now()),
      senderHealth: { dns: createResolver({ servers: [], clock: env.clock }), dnsblZones: [] },
      appUrl: env.appUrl,
      gate: createSenderHealthGate(),
    };
    expect(await runHealthCheckJob(deps, job!.data)).toBe(1);
    expect((await health(u)).json<SenderHealth>().status).toBe('good');
  });

  it('counts spam complaints over the emails the mailbox sent in the last 30 days', async () => {
    const u = await engineUser(env);
    const { sequence } = await u.launchOneStep(2);
    const sends = await u.sends(sequence.id);
    await env.database.db
      .update(emailSends)
      .set({ state: 'sent', sentAt: new Date('2025-04-30T09:00:00Z'), senderAccountId: u.account.id })
      .where(eq(emailSends.sequenceId, sequence.id));
    await env.database.db.insert(trackingEvents).values({
      workspaceId: u.workspaceId,
      emailSendId: sends[0]!.id,
      type: 'complaint',
      occurredAt: new Date('2025-04-30T12:00:00Z'),
    });
    const rule = (await health(u)).json<SenderHealth>().rules.find((r) => r.key === 'complaint_rate');
    expect(rule).toMatchObject({ met: false });
    expect(rule?.detail).toContain('1 of 2 emails reported as spam');
  });

  it('warns in the launch review about a failing mailbox, without blocking the launch', async () => {
    const u = await engineUser(env);
    findings.set(domainOf(u), { dmarcAligned: false, blocklisted: false });
    await checkAgain(u);
    const template = await u.template();
    const sequence = await u.sequence();
    await u.step(sequence.id, 1, { templateId: template.id });
    await u.list(sequence.id, [await u.contact()]);
    const review = (await u.browser.get(`/api/sequences/${sequence.id}/launch-review`)).json<LaunchReview>();
    const warning = review.problems.find((p) => p.code === 'SENDER_HEALTH');
    expect(warning).toMatchObject({ blocking: false });
    expect(warning?.message).toContain(`Sender health of ${u.account.email} is failing`);
    expect(warning?.message).toContain('No DMARC record is published.');
    expect((await u.launch(sequence.id)).status).toBe(200);
  });
});
