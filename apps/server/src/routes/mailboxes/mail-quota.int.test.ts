import { type GmailAccount, type GmailQuota, quotaLevel } from '@prospector/contracts';
import { DAY_MS, getGmailQuota, sendEmail } from '@prospector/core';
import { gmailAccounts } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMailbox, type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

const note = { to: 'lead@example.com', subject: 'Hello', html: '<p>Hi</p>', text: 'Hi' };

async function connected(email: string, dailyLimit?: number) {
  const browser = env.browser();
  const user = await browser.signUp();
  await connectMailbox(browser, email);
  const [account] = (await browser.get('/api/gmail/accounts')).json<GmailAccount[]>();
  if (dailyLimit !== undefined) {
    await env.database.db.update(gmailAccounts).set({ dailyLimit }).where(eq(gmailAccounts.id, account!.id));
  }
  const quota = async () => (await browser.get('/api/gmail/quota')).json<GmailQuota[]>()[0]!;
  return { browser, workspaceId: user.id, account: account!, quota };
}

describe('quota over a rolling 24 hours', () => {
  it('counts each send, goes yellow at 80%, red at the limit, then refuses', async () => {
    const email = 'quota.count@quota-test.example';
    const { workspaceId, account, quota } = await connected(email, 5);
    expect(await quota()).toEqual({
      accountId: account.id,
      email,
      current: 0,
      limit: 5,
      remaining: 5,
      accountAge: 0,
    });
    const levels: string[] = [];
    for (let i = 0; i < 5; i++) {
      await sendEmail(env.core, { workspaceId, ...note });
      const q = await quota();
      levels.push(`${q.current}/${q.limit} ${quotaLevel(q.current, q.limit)}`);
    }
    expect(levels).toEqual(['1/5 green', '2/5 green', '3/5 green', '4/5 yellow', '5/5 red']);
    await expect(sendEmail(env.core, { workspaceId, ...note })).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message: `Daily sending limit reached for ${email}`,
    });
    expect((await quota()).remaining).toBe(0);
  });

  it('lets a send leave the window 24 hours after it was made', async () => {
    const { workspaceId, quota } = await connected('quota.window@quota-test.example', 2);
    await sendEmail(env.core, { workspaceId, ...note });
    env.clock.advance(12 * 60 * 60_000);
    await sendEmail(env.core, { workspaceId, ...note });
    await expect(sendEmail(env.core, { workspaceId, ...note })).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
    });
    env.clock.advance(12 * 60 * 60_000 + 1000);
    expect((await quota()).current).toBe(1);
    await expect(sendEmail(env.core, { workspaceId, ...note })).resolves.toBeDefined();
  });

  it('never overshoots under concurrent sends', async () => {
    const { workspaceId, quota } = await connected('quota.race@quota-test.example', 3);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => sendEmail(env.core, { workspaceId, ...note })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect((await quota()).current).toBe(3);
  });

  it('limits by kind and ramps up by account age (decision 006)', async () => {
    const consumer = await connected('alex.morgan.sandbox@gmail.com');
    const workspace = await connected('quota.ramp@quota-test.example');
    expect((await consumer.quota()).limit).toBe(50);
    expect((await workspace.quota()).limit).toBe(50);
    // Sessions last 30 days, so the later checks ask core directly.
    const limits = async () => [
      (await getGmailQuota(env.core, consumer.workspaceId))[0],
      (await getGmailQuota(env.core, workspace.workspaceId))[0],
    ];
    env.clock.advance(10 * DAY_MS);
    expect((await limits()).map((q) => [q?.accountAge, q?.limit])).toEqual([
      [10, 100],
      [10, 100],
    ]);
    env.clock.advance(20 * DAY_MS);
    expect((await limits()).map((q) => [q?.accountAge, q?.limit])).toEqual([
      [30, 500],
      [30, 500],
    ]);
    env.clock.advance(30 * DAY_MS);
    expect((await limits()).map((q) => [q?.accountAge, q?.limit])).toEqual([
      [60, 500],
      [60, 2000],
    ]);
  });
});

describe('quota colours', () => {
  it('are green below 80%, yellow from 80%, red at the limit', () => {
    expect(quotaLevel(0, 50)).toBe('green');
    expect(quotaLevel(39, 50)).toBe('green');
    expect(quotaLevel(40, 50)).toBe('yellow');
    expect(quotaLevel(49, 50)).toBe('yellow');
    expect(quotaLevel(50, 50)).toBe('red');
    expect(quotaLevel(0, 0)).toBe('red');
  });
});
