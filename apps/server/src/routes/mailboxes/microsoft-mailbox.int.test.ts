import { type Mailbox, MICROSOFT_CONNECT_ERRORS } from '@prospector/contracts';
import { type ArrivedMessage, MailProviderError, microsoftProvider } from '@prospector/core';
import { gmailAccounts, workspaceMembers } from '@prospector/db';
import { sandboxMailboxKey } from '@prospector/sandbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectMicrosoftMailbox,
  type MicrosoftApp,
  outreachMessage,
  startMicrosoftApp,
} from '../../testing/microsoft-test-kit';

const WORK = 'jordan.lee@contoso.example';
const OUTLOOK = 'casey.fox@outlook.com';
const PROSPECT = 'pat.prospect@fabrikam.example';

let env: MicrosoftApp;
beforeAll(async () => {
  env = await startMicrosoftApp();
});
afterAll(() => env?.close());

async function connectedUser(email: string) {
  const browser = env.browser();
  const user = await browser.signUp();
  const result = await connectMicrosoftMailbox(browser, email);
  // The sandbox Microsoft's own name for this user's mailbox, for its inbox and its knobs.
  return { browser, user, key: sandboxMailboxKey(user.id, email), ...result };
}

describe('connecting a Microsoft mailbox through the sandbox Microsoft', () => {
  it('runs authorization code with PKCE and stores the mailbox with Microsoft limits, tokens encrypted', async () => {
    const { browser, user, authUrl, callback, redirectTo } = await connectedUser(WORK);
    const url = new URL(authUrl);
    expect(url.pathname).toBe('/sandbox/microsoft/common/oauth2/v2.0/authorize');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('offline_access Mail.Send Mail.ReadWrite User.Read');
    expect(new URL(callback).pathname).toBe('/api/microsoft/callback');
    expect(redirectTo).toBe('/connection/gmail?provider=microsoft&connected=true');

    const row = await env.mailbox(user.id, WORK);
    expect(row).toMatchObject({
      provider: 'microsoft',
      status: 'connected',
      accountKind: 'workspace',
      sandbox: true,
    });
    expect(row.googleUserId).toMatch(/^ms:[0-9a-f-]{36}$/);
    expect(row.dailyLimit).toBeNull();
    expect(row.minGapSeconds).toBe(2);
    expect(row.lastHistoryId).toContain("/v1.0/me/mailFolders('inbox')/messages/delta?$deltatoken=");
    expect(row.refreshToken).not.toMatch(/^M\.C5/);
    expect(row.accessToken).not.toMatch(/^eyJ/);
    const listed = await browser.get('/api/gmail/accounts');
    expect(listed.text).toContain(WORK);
    expect(listed.text).not.toContain(row.accessToken ?? 'none');
    expect(listed.text).not.toMatch(/eyJ0eXAi|M\.C5/);
    const mailboxes = (await browser.get('/api/mailboxes')).json<Mailbox[]>();
    expect(mailboxes).toEqual([
      expect.objectContaining({
        id: row.id,
        email: WORK,
        provider: 'microsoft',
        status: 'connected',
        isDefault: true,
        health: expect.objectContaining({ level: 'ok' }),
      }),
    ]);
  });

  it('ramps a new Microsoft 365 or Outlook.com mailbox up with its age, as a new Google one, to its ceiling', async () => {
    const limitsOf = async (browser: Awaited<ReturnType<typeof connectedUser>>['browser']) => {
      const [mailbox] = (await browser.get('/api/mailboxes')).json<Mailbox[]>();
      return [
        mailbox!.dailyLimit,
        mailbox!.sendingLimits.rampUpLimit,
        mailbox!.sendingLimits.providerMaximum,
      ];
    };
    const work = await connectedUser(WORK);
    const outlook = await connectedUser(OUTLOOK);
    expect(await limitsOf(work.browser)).toEqual([50, 50, 10_000]);
    expect(await limitsOf(outlook.browser)).toEqual([50, 50, 300]);
    // Thirty days later (the sessions' age aside): the mailboxes were connected a month ago.
    const monthAgo = new Date(env.clock.now().getTime() - 30 * 24 * 3600_000);
    for (const { user } of [work, outlook]) {
      await env.database.db
        .update(gmailAccounts)
        .set({ createdAt: monthAgo })
        .where(eq(gmailAccounts.workspaceId, user.id));
    }
    expect(await limitsOf(work.browser)).toEqual([500, 500, 10_000]);
    expect(await limitsOf(outlook.browser)).toEqual([300, 300, 300]);
    // Declared warmed up, the Microsoft 365 mailbox may send up to Exchange's limit.
    const [mailbox] = (await work.browser.get('/api/mailboxes')).json<Mailbox[]>();
    const warmed = await work.browser.patch(`/api/mailboxes/${mailbox!.id}`, { warmedUp: true });
    expect(warmed.status).toBe(200);
    expect(await limitsOf(work.browser)).toEqual([10_000, 10_000, 10_000]);
  });

  it('gives an Outlook.com mailbox Outlook.com limits', async () => {
    const { user } = await connectedUser(OUTLOOK);
    const row = await env.mailbox(user.id, OUTLOOK);
    expect(row.accountKind).toBe('consumer');
    expect(microsoftProvider.limits(row)).toEqual({
      maxDailyLimit: 300,
      minGapSeconds: 60,
    });
    expect(row.dailyLimit).toBeNull();
  });

  it('stores nothing when the consent leaves out sending or reading, and says why; granting both connects', async () => {
    const browser = env.browser();
    const user = await browser.signUp();
    const email = 'scopes@contoso.example';
    for (const scope of ['Mail.Send', 'Mail.ReadWrite']) {
      const { redirectTo } = await connectMicrosoftMailbox(browser, email, [scope]);
      expect(redirectTo).toBe('/connection/gmail?provider=microsoft&error=missing_scopes');
    }
    expect(MICROSOFT_CONNECT_ERRORS.missing_scopes).toBe(
      'Prospector needs permission to send mail and to read replies (Mail.Send and Mail.ReadWrite); connect again and grant both, or ask your Microsoft 365 administrator to allow them',
    );
    const rows = await env.database.db
      .select()
      .from(gmailAccounts)
      .where(eq(gmailAccounts.workspaceId, user.id));
    expect(rows).toEqual([]);
    expect((await browser.get('/api/mailboxes')).json()).toEqual([]);

    const { redirectTo } = await connectMicrosoftMailbox(browser, email);
    expect(redirectTo).toBe('/connection/gmail?provider=microsoft&connected=true');
    const [mailbox] = (await browser.get('/api/mailboxes')).json<Mailbox[]>();
    expect(mailbox).toMatchObject({ email, provider: 'microsoft', status: 'connected' });
  });

  it('connects nothing when the person is no longer an admin of the workspace when Microsoft sends them back', async () => {
    const browser = env.browser();
    const user = await browser.signUp();
    const demote = async () => {
      await env.database.db
        .update(workspaceMembers)
        .set({ role: 'member' })
        .where(eq(workspaceMembers.userId, user.id));
    };
    const { redirectTo } = await connectMicrosoftMailbox(browser, 'demoted@contoso.example', [], demote);
    expect(redirectTo).toBe('/connection/gmail?provider=microsoft&error=forbidden');
    expect(await env.database.db.$count(gmailAccounts, eq(gmailAccounts.workspaceId, user.id))).toBe(0);
  });

  it('refuses a callback whose state is not the session’s', async () => {
    const browser = env.browser();
    await browser.signUp();
    const done = await browser.get('/api/microsoft/callback?code=x&state=microsoft.forged');
    expect(done.location).toBe('/connection/gmail?provider=microsoft&error=invalid_state');
  });

  it('answers a wrong PKCE verifier as Microsoft does (invalid_grant AADSTS501481)', async () => {
    const browser = env.browser();
    await browser.signUp();
    const { authUrl } = (await browser.get('/api/microsoft/connect')).json<{ authUrl: string }>();
    const params = new URL(authUrl).searchParams;
    const page = await browser.get(authUrl);
    const fields: Record<string, string> = {
      login: 'pkce@contoso.example',
      decision: 'accept',
      'grant:Mail.Send': 'on',
    };
    for (const [key, value] of params) fields[key] = value;
    const action = page.text.match(/action="([^"]+)"/)?.[1] ?? '';
    const approved = await browser.form(action, fields);
    const code = new URL(approved.location ?? '').searchParams.get('code') ?? '';
    const token = await fetch(`${env.appUrl}/sandbox/microsoft/common/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: env.core.microsoft?.clientId ?? '',
        client_secret: env.core.microsoft?.clientSecret ?? '',
        grant_type: 'authorization_code',
        code,
        redirect_uri: env.core.microsoft?.redirectUri ?? '',
        code_verifier: 'not-the-verifier',
      }).toString(),
    });
    expect(token.status).toBe(400);
    const body = (await token.json()) as { error: string; error_description: string; error_codes: number[] };
    expect(body.error).toBe('invalid_grant');
    expect(body.error_codes).toEqual([501481]);
    expect(body.error_description).toMatch(/^AADSTS501481: The Code_Verifier does not match/);
  });
});

describe('a Microsoft mailbox through the mail-provider interface', () => {
  it('sends the whole MIME (our headers survive) and follows up in the same conversation', async () => {
    const email = 'send.test@contoso.example';
    const { user, key } = await connectedUser(email);
    const first = await outreachMessage(email, PROSPECT, env.clock.now());
    const sent = await env.session(user.id, email, (s) => s.send(first));
    expect(sent.providerMessageId).toMatch(/^AAMk/);
    expect(sent.threadId).toMatch(/^AAQk/);

    const stored = env.sandbox.inbox.list([key])[0];
    expect(stored?.raw).toContain('List-Unsubscribe: <https://app.example.com/unsubscribe/abc>');
    expect(stored?.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(stored?.internetMessageId).toBe(first.messageId);

    env.clock.advance(86_400_000);
    const second = await outreachMessage(email, PROSPECT, env.clock.now(), {
      subject: 'Re: Quick question',
      inReplyTo: first.messageId,
      references: [first.messageId],
      threadId: sent.threadId,
    });
    const followUp = await env.session(user.id, email, (s) => s.send(second));
    expect(followUp.threadId).toBe(sent.threadId);
    expect(followUp.providerMessageId).not.toBe(sent.providerMessageId);
    expect(env.sandbox.inbox.list([key])[0]?.raw).toContain(`In-Reply-To: ${first.messageId}`);

    // A send whose outcome was lost is found again by its Message-ID, not sent twice.
    const found = await env.session(user.id, email, (s) => s.findSent(first.messageId));
    expect(found?.providerMessageId).toBe(sent.providerMessageId);
    expect(await env.session(user.id, email, (s) => s.findSent('<never@contoso.example>'))).toBeNull();
  });

  it('reads a reply, an automatic reply and a bounce through the Inbox delta, each once, with their MIME', async () => {
    const email = 'reader@contoso.example';
    const { user, key } = await connectedUser(email);
    const message = await outreachMessage(email, PROSPECT, env.clock.now());
    await env.session(user.id, email, (s) => s.send(message));
    const sentId = env.sandbox.inbox.list([key])[0]?.id ?? '';
    const cursor = (await env.mailbox(user.id, email)).lastHistoryId;

    await env.sandbox.inbox.reply([key], sentId, 'Sounds good, call me.');
    await env.sandbox.inbox.autoReply([key], sentId);
    await env.sandbox.inbox.bounce([key], sentId);
    const read = await env.session(user.id, email, (s) => s.readSince(cursor, null));
    expect(read.mode).toBe('incremental');
    // The Graph API pages by itself: its read holds the messages already.
    const messages = read.messages as ArrivedMessage[];
    expect(messages).toHaveLength(3);
    const raws = messages.map((m) => m.raw.toString('utf8'));
    expect(raws[0]).toContain(`In-Reply-To: ${message.messageId}`);
    expect(raws[1]).toContain('Auto-Submitted: auto-replied');
    expect(raws[2]).toContain('Status: 5.1.10');
    const thread = env.sandbox.inbox.list([key])[0]?.conversationId;
    expect(messages.every((m) => m.threadId === thread && !m.sentByMailbox)).toBe(true);

    const again = await env.session(user.id, email, (s) => s.readSince(read.cursor, null));
    expect(again.messages).toEqual([]);
  });

  it('resyncs from the last sync when the delta link has expired (syncStateNotFound)', async () => {
    const email = 'resync@contoso.example';
    const { user, key } = await connectedUser(email);
    const message = await outreachMessage(email, PROSPECT, env.clock.now());
    await env.session(user.id, email, (s) => s.send(message));
    const sentId = env.sandbox.inbox.list([key])[0]?.id ?? '';
    const cursor = (await env.mailbox(user.id, email)).lastHistoryId;
    const lastSync = env.clock.now();
    env.clock.advance(60_000);
    await env.sandbox.inbox.reply([key], sentId);
    env.sandbox.control.expireDeltaLinks(key);

    const read = await env.session(user.id, email, (s) => s.readSince(cursor, lastSync));
    expect(read.mode).toBe('resync');
    expect(read.messages).toHaveLength(1);
    const next = await env.session(user.id, email, (s) => s.readSince(read.cursor, lastSync));
    expect(next).toMatchObject({ mode: 'incremental', messages: [] });
  });

  it("gives two users who connect the same address a sandbox mailbox each, neither seeing the other's mail", async () => {
    const email = 'shared.address@contoso.example';
    const first = await connectedUser(email);
    const second = await connectedUser(email);
    for (const { user } of [first, second]) {
      const message = await outreachMessage(email, `${user.id}@fabrikam.example`, env.clock.now());
      await env.session(user.id, email, (s) => s.send(message));
    }
    for (const { browser, user } of [first, second]) {
      const { messages } = (await browser.get('/api/sandbox/microsoft/messages')).json<{
        messages: { toAddress: string; mailbox: string }[];
      }>();
      expect(messages.map((m) => [m.toAddress, m.mailbox])).toEqual([[`${user.id}@fabrikam.example`, email]]);
    }
  });

  it('waits out a 429 and a 503 with Retry-After, then sends once', async () => {
    const email = 'throttled@contoso.example';
    const { user, key } = await connectedUser(email);
    env.sandbox.control.queueFaults(key, ['429', '503']);
    env.waits.length = 0;
    const before = env.clock.now().getTime();
    const message = await outreachMessage(email, PROSPECT, env.clock.now());
    const sent = await env.session(user.id, email, (s) => s.send(message));
    expect(env.waits).toEqual([2000, 2000]);
    expect(env.clock.now().getTime() - before).toBe(4000);
    expect(sent.providerMessageId).toMatch(/^AAMk/);
    expect(env.sandbox.inbox.list([key])).toHaveLength(1);
  });

  it('classifies Exchange refusals into the provider error kinds', async () => {
    const email = 'refusals@contoso.example';
    const { user, key } = await connectedUser(email);
    const attempt = async () => {
      const message = await outreachMessage(email, PROSPECT, env.clock.now());
      return env.session(user.id, email, (s) => s.send(message)).catch((error: unknown) => error);
    };
    env.sandbox.control.queueFaults(key, ['ErrorExceededMessageLimit']);
    const limit = await attempt();
    expect(limit).toBeInstanceOf(MailProviderError);
    expect(limit).toMatchObject({
      kind: 'sending-limit',
      options: { status: 403, code: 'ErrorExceededMessageLimit' },
    });
    expect((limit as MailProviderError).options.retryAt?.getTime()).toBeGreaterThan(
      env.clock.now().getTime(),
    );

    env.sandbox.control.queueFaults(key, ['ErrorSendAsDenied']);
    expect(await attempt()).toMatchObject({ kind: 'refused', options: { code: 'ErrorSendAsDenied' } });
    env.sandbox.control.queueFaults(key, ['500', '500', '500', '500']);
    expect(await attempt()).toMatchObject({ kind: 'transient', options: { status: 500 } });
    env.sandbox.control.clearFaults(key);
    env.sandbox.control.queueFaults(key, ['MailboxNotEnabledForRESTAPI']);
    expect(await attempt()).toMatchObject({
      kind: 'auth-lost',
      options: { code: 'MailboxNotEnabledForRESTAPI' },
    });
    // A mailbox Graph cannot reach sends nothing more until it is connected again.
    expect((await env.mailbox(user.id, email)).status).toBe('token_expired');
    expect(env.sandbox.inbox.list([key])).toHaveLength(0);
  });

  it('two sends of one mailbox whose token expired share one refresh: the rotated refresh token is spent once', async () => {
    const email = 'together@contoso.example';
    const { user, key } = await connectedUser(email);
    env.sandbox.control.expireAccessTokens(key);
    const sendOne = async () =>
      env.session(user.id, email, async (s) =>
        s.send(await outreachMessage(email, PROSPECT, env.clock.now())),
      );
    await Promise.all([sendOne(), sendOne()]);
    expect(env.sandbox.inbox.list([key])).toHaveLength(2);
    expect((await env.mailbox(user.id, email)).status).toBe('connected');
  });

  it('refreshes an expired access token, and holds the mailbox when consent is revoked until it is reconnected', async () => {
    const email = 'revoked@contoso.example';
    const { browser, user, key } = await connectedUser(email);
    env.sandbox.control.expireAccessTokens(key);
    const message = await outreachMessage(email, PROSPECT, env.clock.now());
    await env.session(user.id, email, (s) => s.send(message));
    expect(env.sandbox.inbox.list([key])).toHaveLength(1);

    env.sandbox.control.queueFaults(key, ['401:invalid_grant']);
    const lost = await env
      .session(user.id, email, async (s) => s.send(await outreachMessage(email, PROSPECT, env.clock.now())))
      .catch((error: unknown) => error);
    expect(lost).toMatchObject({ kind: 'auth-lost' });
    const held = await env.mailbox(user.id, email);
    expect(held.status).toBe('token_expired');
    expect(held.lastError).toContain('AADSTS70008');
    await expect(env.session(user.id, email, (s) => s.listIdentities())).rejects.toMatchObject({
      kind: 'auth-lost',
    });

    await connectMicrosoftMailbox(browser, email);
    const back = await env.mailbox(user.id, email);
    expect(back.status).toBe('connected');
    expect(back.id).toBe(held.id);
    const identities = await env.session(user.id, email, (s) => s.listIdentities());
    expect(identities).toEqual([{ email, displayName: 'Revoked', isDefault: true, verified: true }]);
  });
});
