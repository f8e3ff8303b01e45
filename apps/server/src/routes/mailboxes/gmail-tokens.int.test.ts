import type { GmailAccount } from '@prospector/contracts';
import { MINUTE_MS, sendEmail } from '@prospector/core';
import { emailLogs, gmailAccounts } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMailbox, type MailboxApp, sandboxKeyOf, startMailboxApp } from '../../testing/gmail-test-kit';

const HOUR_MS = 60 * MINUTE_MS;

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

const note = { to: 'lead@example.com', subject: 'Hello', html: '<p>Hi</p>', text: 'Hi' };

async function connected(email: string) {
  const browser = env.browser();
  const user = await browser.signUp();
  await connectMailbox(browser, email);
  const [account] = (await browser.get('/api/gmail/accounts')).json<GmailAccount[]>();
  const row = async () =>
    (await env.database.db.select().from(gmailAccounts).where(eq(gmailAccounts.id, account!.id)))[0]!;
  return { browser, workspaceId: user.id, account: account!, row };
}

describe('access tokens', () => {
  it('refreshes an expired access token before calling Gmail and keeps the new one', async () => {
    const { workspaceId, row } = await connected('token.refresh@refresh-test.example');
    const before = await row();
    env.clock.advance(2 * HOUR_MS);
    await sendEmail(env.core, { workspaceId, ...note });
    const after = await row();
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.accessToken).toMatch(/^v1\./);
    expect(after.tokenExpiresAt!.getTime()).toBeGreaterThan(env.clock.now().getTime() + 50 * 60_000);
    expect(after.refreshToken).toBe(before.refreshToken);
    expect(after.status).toBe('connected');
  });

  it('refreshes once and retries when Gmail answers 401 to a token it revoked early', async () => {
    const email = 'token.early@refresh-test.example';
    const { workspaceId, row } = await connected(email);
    const before = await row();
    await env.sandbox.control.expireAccessTokens(await sandboxKeyOf(env, email));
    await sendEmail(env.core, { workspaceId, ...note });
    expect((await row()).accessToken).not.toBe(before.accessToken);
  });

  it('marks the account token_expired when the refresh answers invalid_grant, and the card shows it', async () => {
    const email = 'token.revoked@refresh-test.example';
    const { browser, workspaceId, account } = await connected(email);
    await env.sandbox.control.revokeAll(await sandboxKeyOf(env, email));
    env.clock.advance(2 * HOUR_MS);
    await expect(sendEmail(env.core, { workspaceId, ...note })).rejects.toMatchObject({
      code: 'SENDER_UNAVAILABLE',
      message: `${email} needs to be reconnected`,
    });
    const [card] = (await browser.get('/api/gmail/accounts')).json<GmailAccount[]>();
    expect(card?.status).toBe('token_expired');
    const refresh = await browser.post(`/api/gmail/accounts/${account.id}/refresh-aliases`);
    expect(refresh.status).toBe(409);
    expect(refresh.json()).toEqual({
      message: `${email} needs to be reconnected`,
      code: 'SENDER_UNAVAILABLE',
    });
    // Nothing was handed to Gmail, so nothing counts against the quota.
    const logs = await env.database.db.select().from(emailLogs).where(eq(emailLogs.workspaceId, workspaceId));
    expect(logs.map((l) => l.status)).toEqual(['failed']);

    // Reconnecting brings it back.
    await connectMailbox(browser, email);
    const [back] = (await browser.get('/api/gmail/accounts')).json<GmailAccount[]>();
    expect(back?.status).toBe('connected');
    await expect(sendEmail(env.core, { workspaceId, ...note })).resolves.toMatchObject({
      senderEmail: email,
    });
  });
});

describe('retries', () => {
  it('retries 429 and 5xx answers with backoff until Gmail accepts', async () => {
    const email = 'retry.ok@retry-test.example';
    const { workspaceId } = await connected(email);
    await env.sandbox.control.queueFaults(await sandboxKeyOf(env, email), [429, 503]);
    await expect(sendEmail(env.core, { workspaceId, ...note })).resolves.toMatchObject({
      senderEmail: email,
    });
  });

  it('gives up after the last attempt with UPSTREAM_ERROR; the failed send is not counted', async () => {
    const email = 'retry.fail@retry-test.example';
    const { browser, workspaceId } = await connected(email);
    await env.sandbox.control.queueFaults(await sandboxKeyOf(env, email), [503, 500, 503]);
    await expect(sendEmail(env.core, { workspaceId, ...note })).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
    });
    const [quota] = (await browser.get('/api/gmail/quota')).json<{ current: number }[]>();
    expect(quota?.current).toBe(0);
    await expect(sendEmail(env.core, { workspaceId, ...note })).resolves.toBeDefined();
  });
});
