import type { GmailAccount } from '@prospector/contracts';
import { gmailAccounts, userSessions, workspaceMembers } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectMailbox,
  consentFields,
  type MailboxApp,
  startMailboxApp,
} from '../../testing/gmail-test-kit';

const CONSUMER = 'alex.morgan.sandbox@gmail.com';
const WORKSPACE = 'sam.taylor@northwind-traders.example';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

describe('connecting a Gmail mailbox through the sandbox Google', () => {
  it('runs the whole OAuth round trip: consent, code exchange, profile, aliases; the first becomes default', async () => {
    const browser = env.browser();
    await browser.signUp();
    const { authUrl, callback, redirectTo } = await connectMailbox(browser, CONSUMER);
    const url = new URL(authUrl);
    expect(url.pathname).toBe('/sandbox/google/o/oauth2/v2/auth');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/gmail.send');
    expect(new URL(callback).pathname).toBe('/api/auth/google/callback');
    expect(redirectTo).toBe('/connection/gmail?connected=true');

    const accounts = (await browser.get('/api/gmail/accounts')).json<GmailAccount[]>();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      email: CONSUMER,
      displayName: 'Alex Morgan',
      status: 'connected',
      accountKind: 'consumer',
      sandbox: true,
      isDefault: true,
      aliasOptions: [{ sendAsEmail: CONSUMER, isPrimary: true, verificationStatus: 'accepted' }],
    });
    expect(accounts[0]?.googleUserId).toMatch(/^\d{21}$/);

    env.clock.advance(1000);
    await connectMailbox(browser, WORKSPACE);
    const both = (await browser.get('/api/gmail/accounts')).json<GmailAccount[]>();
    expect(both.map((a) => [a.email, a.accountKind, a.isDefault])).toEqual([
      [CONSUMER, 'consumer', true],
      [WORKSPACE, 'workspace', false],
    ]);
    expect(both[1]?.aliasOptions.map((a) => a.sendAsEmail)).toEqual([
      WORKSPACE,
      'sales@northwind-traders.example',
      'sam@northwind-traders.example',
    ]);
  });

  it('keeps tokens encrypted at rest and never sends them to the browser', async () => {
    const browser = env.browser();
    const user = await browser.signUp();
    await connectMailbox(browser, CONSUMER);
    const body = (await browser.get('/api/gmail/accounts')).text;
    expect(body).not.toMatch(/ya29|1\/\/0sbx|accessToken|refreshToken/);
    const [row] = await env.database.db
      .select()
      .from(gmailAccounts)
      .where(eq(gmailAccounts.workspaceId, user.id));
    expect(row?.accessToken).toMatch(/^v1\./);
    expect(row?.refreshToken).toMatch(/^v1\./);
    expect(row?.accessToken).not.toContain('ya29');
  });

  it('upserts: connecting the same Google account again keeps one row', async () => {
    const browser = env.browser();
    await browser.signUp();
    await connectMailbox(browser, WORKSPACE);
    await connectMailbox(browser, WORKSPACE);
    expect((await browser.get('/api/gmail/accounts')).json<GmailAccount[]>()).toHaveLength(1);
  });

  it('accepts any other address typed on the consent page, as Workspace or consumer by its domain', async () => {
    const browser = env.browser();
    await browser.signUp();
    await connectMailbox(browser, 'Jo.Doe@Example-Corp.example');
    const [account] = (await browser.get('/api/gmail/accounts')).json<GmailAccount[]>();
    expect(account).toMatchObject({
      email: 'jo.doe@example-corp.example',
      displayName: 'Jo Doe',
      accountKind: 'workspace',
    });
  });
});

describe('the OAuth state is bound to the session', () => {
  it('refuses a callback whose state is not the session one, and a state used twice', async () => {
    const browser = env.browser();
    await browser.signUp();
    const { authUrl } = (await browser.get('/api/gmail/connect')).json<{ authUrl: string }>();
    const fields = consentFields((await browser.get(authUrl)).text);
    const approved = await browser.form('/sandbox/google/o/oauth2/v2/auth/approve', {
      ...fields,
      email: CONSUMER,
    });
    const callback = new URL(approved.location!);

    const forged = new URL(callback);
    forged.searchParams.set('state', 'gmail.forged');
    expect((await browser.get(forged.toString())).location).toBe('/connection/gmail?error=invalid_state');
    // The failed attempt used the session's state up: the genuine callback is refused too.
    expect((await browser.get(callback.toString())).location).toBe('/connection/gmail?error=invalid_state');
    expect((await browser.get('/api/gmail/accounts')).json()).toEqual([]);
  });

  it("refuses another session's callback", async () => {
    const alice = env.browser();
    const mallory = env.browser();
    await alice.signUp();
    await mallory.signUp();
    const { authUrl } = (await mallory.get('/api/gmail/connect')).json<{ authUrl: string }>();
    const fields = consentFields((await mallory.get(authUrl)).text);
    const approved = await mallory.form('/sandbox/google/o/oauth2/v2/auth/approve', {
      ...fields,
      email: CONSUMER,
    });
    // Mallory tries to plant her mailbox in Alice's account by making Alice's browser open the callback.
    await alice.get('/api/gmail/connect');
    expect((await alice.get(approved.location!)).location).toBe('/connection/gmail?error=invalid_state');
    expect((await alice.get('/api/gmail/accounts')).json()).toEqual([]);
  });

  it('returns access_denied when the person cancels on the consent page', async () => {
    const browser = env.browser();
    await browser.signUp();
    const { authUrl } = (await browser.get('/api/gmail/connect')).json<{ authUrl: string }>();
    const fields = consentFields((await browser.get(authUrl)).text);
    const denied = await browser.form('/sandbox/google/o/oauth2/v2/auth/approve', {
      ...fields,
      decision: 'deny',
    });
    expect((await browser.get(denied.location!)).location).toBe('/connection/gmail?error=access_denied');
  });

  it('stores the state in the session row and clears it after the callback', async () => {
    const browser = env.browser();
    const user = await browser.signUp();
    const { authUrl } = (await browser.get('/api/gmail/connect')).json<{ authUrl: string }>();
    const state = new URL(authUrl).searchParams.get('state');
    const sessions = () =>
      env.database.db
        .select({ sess: userSessions.sess })
        .from(userSessions)
        .where(eq(userSessions.userId, user.id));
    expect((await sessions())[0]?.sess.oauthState).toBe(state);
    const fields = consentFields((await browser.get(authUrl)).text);
    const approved = await browser.form('/sandbox/google/o/oauth2/v2/auth/approve', {
      ...fields,
      email: CONSUMER,
    });
    await browser.get(approved.location!);
    expect((await sessions())[0]?.sess.oauthState).toBeUndefined();
  });

  it('connects nothing when the person is no longer an admin of the workspace when Google sends them back', async () => {
    const browser = env.browser();
    const user = await browser.signUp();
    const { authUrl } = (await browser.get('/api/gmail/connect')).json<{ authUrl: string }>();
    const consent = await browser.get(authUrl);
    const approved = await browser.form('/sandbox/google/o/oauth2/v2/auth/approve', {
      ...consentFields(consent.text),
      email: CONSUMER,
    });
    await env.database.db
      .update(workspaceMembers)
      .set({ role: 'viewer' })
      .where(eq(workspaceMembers.userId, user.id));
    expect((await browser.get(approved.location!)).location).toBe('/connection/gmail?error=forbidden');
    expect(await env.database.db.$count(gmailAccounts, eq(gmailAccounts.workspaceId, user.id))).toBe(0);
  });

  it('sends a signed-out callback to the login page', async () => {
    const browser = env.browser();
    expect((await browser.get('/api/auth/google/callback?code=x&state=gmail.y')).location).toBe('/login');
  });
});
