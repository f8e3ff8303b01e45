import type { GmailAccount, Sender, User } from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMailbox, type MailboxApp, sandboxKeyOf, startMailboxApp } from '../../testing/gmail-test-kit';

const CONSUMER = 'alex.morgan.sandbox@gmail.com';
const WORKSPACE = 'sam.taylor@northwind-traders.example';
const OTHER = 'priya.shah@contoso-labs.example';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

async function userWith(...emails: string[]) {
  const browser = env.browser();
  await browser.signUp();
  for (const email of emails) {
    await connectMailbox(browser, email);
    // Mailboxes are listed oldest first; a second apart keeps that order unambiguous.
    env.clock.advance(1000);
  }
  const accounts = (await browser.get('/api/gmail/accounts')).json<GmailAccount[]>();
  const byEmail = (email: string) => accounts.find((a) => a.email === email)!;
  return { browser, accounts, byEmail };
}

describe('default sender rules', () => {
  it('makes the first mailbox the default; set-default moves it, with an alias', async () => {
    const { browser, byEmail } = await userWith(CONSUMER, WORKSPACE);
    expect(byEmail(CONSUMER).isDefault).toBe(true);
    const moved = await browser.post('/api/gmail/set-default', {
      accountId: byEmail(WORKSPACE).id,
      sendAsEmail: 'sales@northwind-traders.example',
    });
    expect(moved.status).toBe(200);
    const me = (await browser.get('/api/auth/me')).json<User>();
    expect(me).toMatchObject({
      defaultSenderAccountId: byEmail(WORKSPACE).id,
      defaultSendAsEmail: 'sales@northwind-traders.example',
    });
    const accounts = (await browser.get('/api/gmail/accounts')).json<GmailAccount[]>();
    expect(accounts.filter((a) => a.isDefault).map((a) => a.email)).toEqual([WORKSPACE]);
    const senders = (await browser.get('/api/senders')).json<Sender[]>();
    expect(senders.filter((s) => s.isDefault).map((s) => s.email)).toEqual([
      'sales@northwind-traders.example',
    ]);
    expect(senders.map((s) => s.email)).toEqual([
      CONSUMER,
      WORKSPACE,
      'sales@northwind-traders.example',
      'sam@northwind-traders.example',
    ]);
  });

  it('refuses a send-as address the mailbox does not have, and a malformed body', async () => {
    const { browser, byEmail } = await userWith(WORKSPACE);
    const bad = await browser.post('/api/gmail/set-default', {
      accountId: byEmail(WORKSPACE).id,
      sendAsEmail: 'ceo@northwind-traders.example',
    });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await browser.post('/api/gmail/set-default', { accountId: 'nope' })).json()).toEqual({
      message: 'Select a Gmail account',
      code: 'VALIDATION_ERROR',
    });
  });

  it('disconnecting the default picks another connected mailbox; the last one stays default until removed', async () => {
    const { browser, byEmail } = await userWith(CONSUMER, WORKSPACE, OTHER);
    expect((await browser.delete(`/api/gmail/accounts/${byEmail(CONSUMER).id}`)).status).toBe(200);
    let me = (await browser.get('/api/auth/me')).json<User>();
    expect(me.defaultSenderAccountId).toBe(byEmail(WORKSPACE).id);
    // Disconnecting a mailbox that is not the default leaves the default alone.
    await browser.delete(`/api/gmail/accounts/${byEmail(OTHER).id}`);
    me = (await browser.get('/api/auth/me')).json<User>();
    expect(me.defaultSenderAccountId).toBe(byEmail(WORKSPACE).id);
    // The last connected one stays the default while disconnected: connecting it again restores everything.
    await browser.delete(`/api/gmail/accounts/${byEmail(WORKSPACE).id}`);
    me = (await browser.get('/api/auth/me')).json<User>();
    expect(me.defaultSenderAccountId).toBe(byEmail(WORKSPACE).id);
    const kept = (await browser.get('/api/gmail/accounts')).json<GmailAccount[]>();
    expect(kept.map((account) => account.status)).toEqual(['disconnected', 'disconnected', 'disconnected']);
    expect((await browser.get('/api/senders')).json()).toEqual([]);
    for (const email of [CONSUMER, WORKSPACE, OTHER]) {
      const removed = await browser.delete(`/api/gmail/accounts/${byEmail(email).id}?permanently=true`);
      expect(removed.status).toBe(200);
    }
    me = (await browser.get('/api/auth/me')).json<User>();
    expect(me).toMatchObject({ defaultSenderAccountId: null, defaultSendAsEmail: null });
    expect((await browser.get('/api/gmail/accounts')).json()).toEqual([]);
  });

  it('disconnecting the default makes the mailbox the user chose the default, only a connected other one', async () => {
    const { browser, byEmail } = await userWith(CONSUMER, WORKSPACE, OTHER);
    const stranger = await userWith(WORKSPACE);
    const url = `/api/mailboxes/${byEmail(CONSUMER).id}`;
    const refusals = [
      [await browser.delete(`${url}?newDefaultId=${byEmail(CONSUMER).id}`), 400],
      [await browser.delete(`${url}?newDefaultId=${stranger.byEmail(WORKSPACE).id}`), 404],
      [await browser.delete(`${url}?newDefaultId=not-a-uuid`), 400],
    ] as const;
    expect(refusals.map(([response]) => response.status)).toEqual(refusals.map(([, status]) => status));
    expect(refusals[0][0].json<{ message: string }>().message).toBe(
      'The new default sender must be another connected mailbox',
    );
    // Refused: still connected and still the default.
    expect((await browser.get('/api/auth/me')).json<User>().defaultSenderAccountId).toBe(
      byEmail(CONSUMER).id,
    );

    const done = await browser.delete(`${url}?newDefaultId=${byEmail(OTHER).id}`);
    expect(done.json()).toEqual({ success: true, defaultSenderAccountId: byEmail(OTHER).id });
    expect((await browser.get('/api/auth/me')).json<User>()).toMatchObject({
      defaultSenderAccountId: byEmail(OTHER).id,
      defaultSendAsEmail: OTHER,
    });
    // A disconnected mailbox cannot become the default.
    const refused = await browser.delete(
      `/api/mailboxes/${byEmail(OTHER).id}?newDefaultId=${byEmail(CONSUMER).id}`,
    );
    expect(refused.status).toBe(400);
  });

  it("answers 404 for another user's mailbox on every route, and for malformed ids", async () => {
    const owner = await userWith(WORKSPACE);
    const { browser: intruder } = await userWith();
    const id = owner.byEmail(WORKSPACE).id;
    for (const response of [
      await intruder.delete(`/api/gmail/accounts/${id}`),
      await intruder.post(`/api/gmail/accounts/${id}/refresh-aliases`),
      await intruder.post('/api/gmail/set-default', { accountId: id }),
      await intruder.delete('/api/gmail/accounts/not-a-uuid'),
    ]) {
      expect(response.status).toBe(404);
      expect(response.json()).toEqual({ message: 'Gmail account not found', code: 'NOT_FOUND' });
    }
    expect((await owner.browser.get('/api/gmail/accounts')).json<GmailAccount[]>()).toHaveLength(1);
  });

  it('needs a session', async () => {
    const anonymous = env.browser();
    for (const path of ['/api/gmail/accounts', '/api/gmail/quota', '/api/gmail/connect', '/api/senders']) {
      expect((await anonymous.get(path)).status).toBe(401);
    }
  });
});

describe('alias refresh', () => {
  it('re-reads settings/sendAs: new aliases appear, removed ones go', async () => {
    const email = 'refresh.aliases@alias-test.example';
    const { browser, byEmail } = await userWith(email);
    expect(byEmail(email).aliasOptions.map((a) => a.sendAsEmail)).toEqual([email]);
    await env.sandbox.control.setSendAs(await sandboxKeyOf(env, email), [
      {
        sendAsEmail: email,
        displayName: 'Refresh Aliases',
        isPrimary: true,
        isDefault: false,
        verificationStatus: 'accepted',
        signature: '',
      },
      {
        sendAsEmail: 'team@alias-test.example',
        displayName: 'The Team',
        isPrimary: false,
        isDefault: true,
        verificationStatus: 'accepted',
        signature: '',
      },
      {
        sendAsEmail: 'new@alias-test.example',
        displayName: 'New',
        isPrimary: false,
        isDefault: false,
        verificationStatus: 'pending',
        signature: '',
      },
    ]);
    const refreshed = await browser.post(`/api/gmail/accounts/${byEmail(email).id}/refresh-aliases`);
    expect(refreshed.status).toBe(200);
    expect(refreshed.json<GmailAccount>().aliasOptions).toEqual([
      {
        sendAsEmail: email,
        displayName: 'Refresh Aliases',
        verificationStatus: 'accepted',
        isPrimary: true,
        isDefault: false,
      },
      {
        sendAsEmail: 'new@alias-test.example',
        displayName: 'New',
        verificationStatus: 'pending',
        isPrimary: false,
        isDefault: false,
      },
      {
        sendAsEmail: 'team@alias-test.example',
        displayName: 'The Team',
        verificationStatus: 'accepted',
        isPrimary: false,
        isDefault: true,
      },
    ]);
    await env.sandbox.control.setSendAs(await sandboxKeyOf(env, email), [
      {
        sendAsEmail: email,
        displayName: 'Refresh Aliases',
        isPrimary: true,
        isDefault: true,
        verificationStatus: 'accepted',
        signature: '',
      },
    ]);
    const again = await browser.post(`/api/gmail/accounts/${byEmail(email).id}/refresh-aliases`);
    expect(again.json<GmailAccount>().aliasOptions.map((a) => a.sendAsEmail)).toEqual([email]);
  });
});
