import { gmail, type gmail_v1 } from '@googleapis/gmail';
import { type GmailApiError, gmailFailureKind, parseGmailError } from '@prospector/core';
import { sandboxMailboxKey } from '@prospector/sandbox';
import { CodeChallengeMethod, OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, consentFields, type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

/**
 * Google's own Node client (`@googleapis/gmail`, `google-auth-library`), unchanged, against the sandbox
 * Google: every call the app makes, and the failures the app must tell apart, in Gmail's documented shapes.
 * Should the sandbox drift from Gmail, Google's client is the one that notices.
 */
let env: MailboxApp;
let oauth: OAuth2Client;
let api: gmail_v1.Gmail;
let at: { rootUrl: string };
/** The Prospector user the sandbox mailbox belongs to (a consent is always some signed-in user's). */
let owner: { browser: Browser; id: string };
const MAILBOX = 'contract@contract-test.example';
const SCOPES = [
  'openid',
  'email',
  'profile',
  'https://www.googleapis.com/auth/gmail.send',
  'https://www.googleapis.com/auth/gmail.readonly',
];

beforeAll(async () => {
  env = await startMailboxApp();
  const browser = env.browser();
  owner = { browser, id: (await browser.signUp()).id };
  const google = env.core.google!;
  oauth = new OAuth2Client({
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    redirectUri: google.redirectUri,
    endpoints: {
      oauth2AuthBaseUrl: google.authUrl,
      oauth2TokenUrl: google.tokenUrl,
      oauth2RevokeUrl: google.revokeUrl,
    },
  });
  // No retries by the client: each queued fault must reach the test.
  api = gmail({ version: 'v1', auth: oauth, retry: false });
  // The sandbox serves Gmail under a path; the client's global rootUrl keeps only an origin, so each call
  // names it (the per-call rootUrl option keeps the path).
  at = { rootUrl: `${env.appUrl}/sandbox/google/` };
});
afterAll(() => env?.close());

/** The consent round trip as a browser makes it, from the URL Google's client builds. */
async function authorize() {
  const { codeVerifier, codeChallenge } = await oauth.generateCodeVerifierAsync();
  const url = oauth.generateAuthUrl({
    access_type: 'offline',
    prompt: 'consent',
    scope: SCOPES,
    state: 'contract-state',
    code_challenge: codeChallenge,
    code_challenge_method: CodeChallengeMethod.S256,
  });
  const { browser } = owner;
  const page = await browser.get(url);
  expect(page.status).toBe(200);
  const approved = await browser.form('/sandbox/google/o/oauth2/v2/auth/approve', {
    ...consentFields(page.text),
    email: MAILBOX,
  });
  const back = new URL(approved.location!);
  expect(back.searchParams.get('state')).toBe('contract-state');
  return { code: back.searchParams.get('code')!, codeVerifier };
}

/** Runs a call expected to fail; answers Google's client's error (status and Gmail's body). */
async function failure(call: () => Promise<unknown>) {
  try {
    await call();
  } catch (error) {
    const { response } = error as { response?: { status: number; data: unknown; headers: Headers } };
    if (!response) throw error;
    return response;
  }
  throw new Error('the call succeeded');
}

const rawMessage = (from: string, subject: string, messageId: string) =>
  Buffer.from(
    [
      `From: ${from}`,
      'To: lead@example.com',
      `Subject: ${subject}`,
      `Message-ID: ${messageId}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Hello from the contract test.',
    ].join('\r\n'),
  ).toString('base64url');

let startHistoryId: string;

describe("Google's client against the sandbox Google", () => {
  let sent: gmail_v1.Schema$Message;

  it('authorization URL, code exchange with PKCE, refresh', async () => {
    const { code, codeVerifier } = await authorize();
    const { tokens } = await oauth.getToken({ code, codeVerifier });
    expect(tokens).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      id_token: expect.any(String),
      token_type: 'Bearer',
    });
    expect(tokens.scope?.split(' ')).toEqual(expect.arrayContaining(SCOPES.slice(3)));
    oauth.setCredentials(tokens);
    const refreshed = await oauth.refreshAccessToken();
    expect(refreshed.credentials.access_token).toEqual(expect.any(String));
    expect(refreshed.credentials.access_token).not.toBe(tokens.access_token);
  });

  it('users.getProfile and users.settings.sendAs.list', async () => {
    const profile = await api.users.getProfile({ userId: 'me' }, at);
    expect(profile.data).toMatchObject({ emailAddress: MAILBOX, historyId: expect.stringMatching(/^\d+$/) });
    startHistoryId = profile.data.historyId!;
    const sendAs = await api.users.settings.sendAs.list({ userId: 'me' }, at);
    expect(sendAs.data.sendAs).toEqual(
      expect.arrayContaining([expect.objectContaining({ sendAsEmail: MAILBOX, isPrimary: true })]),
    );
  });

  it('sendAs: verificationStatus and treatAsAlias only on custom aliases, never on the primary address', async () => {
    const mailbox = await env.sandbox.control.getMailbox(sandboxMailboxKey(owner.id, MAILBOX));
    const [primary] = mailbox!.sendAs;
    const alias = 'team@contract-test.example';
    await env.sandbox.control.setSendAs(sandboxMailboxKey(owner.id, MAILBOX), [
      primary!,
      { ...primary!, sendAsEmail: alias, isPrimary: false, isDefault: false, verificationStatus: 'pending' },
    ]);
    const { data } = await api.users.settings.sendAs.list({ userId: 'me' }, at);
    const listed = data.sendAs!;
    expect(listed.find((entry) => entry.isPrimary)).not.toHaveProperty('verificationStatus');
    expect(listed.find((entry) => entry.isPrimary)).not.toHaveProperty('treatAsAlias');
    expect(listed.find((entry) => entry.sendAsEmail === alias)).toMatchObject({
      verificationStatus: 'pending',
      treatAsAlias: true,
    });
    await env.sandbox.control.setSendAs(sandboxMailboxKey(owner.id, MAILBOX), [primary!]);
  });

  it('users.messages.send; a From that is not a send-as address is rewritten to the primary address', async () => {
    const answer = await api.users.messages.send(
      {
        userId: 'me',
        requestBody: {
          raw: rawMessage(
            'Someone <not-an-alias@elsewhere.example>',
            'Contract',
            '<c-1@contract-test.example>',
          ),
        },
      },
      at,
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]+$/),
      threadId: expect.any(String),
    });
    expect(answer.data.labelIds).toContain('SENT');
    sent = answer.data;
    const stored = await api.users.messages.get(
      {
        userId: 'me',
        id: sent.id!,
        format: 'metadata',
        metadataHeaders: ['From'],
      },
      at,
    );
    expect(stored.data.payload?.headers).toEqual([
      { name: 'From', value: expect.stringContaining(`<${MAILBOX}>`) },
    ]);
  });

  it('users.messages.list with an rfc822msgid search', async () => {
    const list = await api.users.messages.list(
      {
        userId: 'me',
        q: 'rfc822msgid:<c-1@contract-test.example>',
      },
      at,
    );
    expect(list.data.messages).toEqual([{ id: sent.id, threadId: sent.threadId }]);
  });

  it('users.messages.get in each format; metadataHeaders keeps only the headers asked for', async () => {
    const full = await api.users.messages.get({ userId: 'me', id: sent.id!, format: 'full' }, at);
    expect(full.data.payload?.headers?.map((h) => h.name)).toEqual(
      expect.arrayContaining(['From', 'To', 'Subject']),
    );
    const metadata = await api.users.messages.get(
      {
        userId: 'me',
        id: sent.id!,
        format: 'metadata',
        metadataHeaders: ['Subject', 'Message-ID'],
      },
      at,
    );
    expect(metadata.data.payload?.headers?.map((h) => h.name).sort()).toEqual(['Message-ID', 'Subject']);
    const raw = await api.users.messages.get({ userId: 'me', id: sent.id!, format: 'raw' }, at);
    expect(Buffer.from(raw.data.raw!, 'base64url').toString('utf8')).toContain('Subject: Contract');
    const minimal = await api.users.messages.get({ userId: 'me', id: sent.id!, format: 'minimal' }, at);
    expect(minimal.data.payload).toBeUndefined();
    // Enum parameters are read whatever their case.
    const upper = await api.users.messages.get({ userId: 'me', id: sent.id!, format: 'FULL' }, at);
    expect(upper.data.payload?.headers).toEqual(full.data.payload?.headers);
    const rawUpper = await api.users.messages.get({ userId: 'me', id: sent.id!, format: 'RAW' }, at);
    expect(rawUpper.data.raw).toBe(raw.data.raw);
  });

  it('users.threads.get', async () => {
    const thread = await api.users.threads.get(
      {
        userId: 'me',
        id: sent.threadId!,
        format: 'metadata',
        metadataHeaders: ['Subject'],
      },
      at,
    );
    expect(thread.data.messages?.map((m) => m.id)).toEqual([sent.id]);
    expect(thread.data.messages?.[0]?.payload?.headers).toEqual([{ name: 'Subject', value: 'Contract' }]);
  });

  it('users.history.list honours historyTypes', async () => {
    const added = await api.users.history.list(
      {
        userId: 'me',
        startHistoryId,
        historyTypes: ['messageAdded'],
      },
      at,
    );
    expect(added.data.history?.flatMap((h) => h.messagesAdded?.map((m) => m.message?.id) ?? [])).toEqual([
      sent.id,
    ]);
    const labels = await api.users.history.list(
      {
        userId: 'me',
        startHistoryId,
        historyTypes: ['labelAdded'],
      },
      at,
    );
    expect(labels.data.history).toBeUndefined();
    expect(labels.data.historyId).toEqual(expect.stringMatching(/^\d+$/));
    const upper = await api.users.history.list(
      { userId: 'me', startHistoryId, historyTypes: ['MESSAGE_ADDED'] },
      at,
    );
    expect(upper.data.history).toEqual(added.data.history);
  });
});

describe("Gmail's documented errors, as Google's client receives them", () => {
  const body = (response: { data: unknown }) => (response.data as { error: Record<string, unknown> }).error;

  it('a malformed id is 400 invalidArgument; an unknown one 404 notFound', async () => {
    const malformed = await failure(() => api.users.messages.get({ userId: 'me', id: 'not-an-id!' }, at));
    expect(malformed.status).toBe(400);
    expect(body(malformed)).toMatchObject({
      code: 400,
      status: 'INVALID_ARGUMENT',
      errors: [{ reason: 'invalidArgument', domain: 'global', message: 'Invalid id value' }],
    });
    const missing = await failure(() => api.users.messages.get({ userId: 'me', id: 'ffffffffffff' }, at));
    expect(missing.status).toBe(404);
    expect(body(missing)).toMatchObject({
      code: 404,
      message: 'Requested entity was not found.',
      status: 'NOT_FOUND',
      errors: [{ reason: 'notFound', domain: 'global' }],
    });
  });

  it('rate limits, the sending limit, a removed scope and a server error carry their reasons', async () => {
    await env.sandbox.control.queueFaults(sandboxMailboxKey(owner.id, MAILBOX), [
      '403:userRateLimitExceeded',
      '403:rateLimitExceeded',
      '429:sending-limit',
      '403:insufficientPermissions',
      '503',
    ]);
    const send = () =>
      api.users.messages.send(
        {
          userId: 'me',
          requestBody: { raw: rawMessage(MAILBOX, 'Limits', '<c-2@contract-test.example>') },
        },
        at,
      );
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await failure(send));
    const [userRate, rate, sendingLimit, scope, unavailable] = answers;
    expect(userRate?.status).toBe(403);
    expect(body(userRate!)).toMatchObject({
      errors: [{ reason: 'userRateLimitExceeded', domain: 'usageLimits' }],
    });
    expect(rate?.status).toBe(403);
    expect(body(rate!)).toMatchObject({ errors: [{ reason: 'rateLimitExceeded', domain: 'usageLimits' }] });
    expect(sendingLimit?.status).toBe(429);
    const retryAt = new Date(env.clock.now().getTime() + 3600_000).toISOString();
    expect(body(sendingLimit!)).toMatchObject({
      code: 429,
      message: `User-rate limit exceeded.  Retry after ${retryAt} (Mail sending)`,
      status: 'RESOURCE_EXHAUSTED',
      errors: [{ reason: 'rateLimitExceeded', domain: 'usageLimits' }],
    });
    expect(scope?.status).toBe(403);
    expect(body(scope!)).toMatchObject({
      status: 'PERMISSION_DENIED',
      errors: [{ reason: 'insufficientPermissions', domain: 'global' }],
    });
    expect(unavailable?.status).toBe(503);
    expect(body(unavailable!)).toMatchObject({ status: 'UNAVAILABLE', errors: [{ reason: 'backendError' }] });

    // The app's reading of the same answers.
    const kinds = answers.map((answer) =>
      gmailFailureKind(parseGmailError(answer!.status, answer!.data, '', null) as GmailApiError),
    );
    expect(kinds).toEqual(['rate-limit', 'rate-limit', 'sending-limit', 'permission', 'transient']);
    expect(parseGmailError(429, sendingLimit!.data, '', null).retryAt?.toISOString()).toBe(retryAt);
  });

  it('a call for another address is 403 and takes no queued fault; the mailbox\'s own address is "me"', async () => {
    const key = sandboxMailboxKey(owner.id, MAILBOX);
    await env.sandbox.control.queueFaults(key, ['503']);
    const other = await failure(() => api.users.getProfile({ userId: 'someone.else@example.com' }, at));
    expect(other.status).toBe(403);
    expect(body(other)).toMatchObject({
      message: `Delegation denied for ${MAILBOX}`,
      status: 'PERMISSION_DENIED',
    });
    expect(await env.sandbox.control.pendingFaults(key)).toEqual(['503']);

    const unavailable = await failure(() => api.users.getProfile({ userId: MAILBOX.toUpperCase() }, at));
    expect(unavailable.status).toBe(503);
    expect(await env.sandbox.control.pendingFaults(key)).toEqual([]);
    const profile = await api.users.getProfile({ userId: MAILBOX.toUpperCase() }, at);
    expect(profile.data.emailAddress).toBe(MAILBOX);
  });

  it('an expired startHistoryId is 404, as Gmail answers after about a week', async () => {
    env.clock.set(new Date(env.clock.now().getTime() + 8 * 24 * 3600_000));
    // The access token expired with the moved clock (the client judges expiry by its own clock).
    oauth.setCredentials((await oauth.refreshAccessToken()).credentials);
    const answer = await api.users.messages.send(
      {
        userId: 'me',
        requestBody: { raw: rawMessage(MAILBOX, 'Later', '<c-3@contract-test.example>') },
      },
      at,
    );
    expect(answer.status).toBe(200);
    // The cursor taken before the first message: the records after it are no longer all kept.
    const gone = await failure(() => api.users.history.list({ userId: 'me', startHistoryId }, at));
    expect(gone.status).toBe(404);
    expect(body(gone)).toMatchObject({ status: 'NOT_FOUND', errors: [{ reason: 'notFound' }] });
  });

  it('a revoked grant: Gmail answers 401 authError and the refresh invalid_grant', async () => {
    await env.sandbox.control.queueFaults(sandboxMailboxKey(owner.id, MAILBOX), ['401:invalid_grant']);
    const revoked = await failure(() => api.users.getProfile({ userId: 'me' }, at));
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toBe(
      'Bearer realm="https://accounts.google.com/", error="invalid_token"',
    );
    expect(body(revoked)).toMatchObject({
      code: 401,
      status: 'UNAUTHENTICATED',
      errors: [{ reason: 'authError' }],
    });
    const refresh = await failure(() => oauth.refreshAccessToken());
    expect(refresh.status).toBe(400);
    expect(refresh.data).toMatchObject({ error: 'invalid_grant' });
  });

  it("every 401 carries Google's Bearer challenge: an unknown, an expired or a missing token", async () => {
    const challenge = 'Bearer realm="https://accounts.google.com/", error="invalid_token"';
    const withToken = (credentials: { access_token: string; expiry_date?: number }) => {
      const client = new OAuth2Client();
      client.setCredentials(credentials);
      return gmail({ version: 'v1', auth: client, retry: false });
    };
    const unknown = await failure(() =>
      withToken({ access_token: 'ya29.not-a-token' }).users.getProfile({ userId: 'me' }, at),
    );
    const { code, codeVerifier } = await authorize();
    const { tokens } = await oauth.getToken({ code, codeVerifier });
    env.clock.set(new Date(env.clock.now().getTime() + 2 * 3600_000));
    // The client believes its token valid (its own clock); the sandbox's clock says it expired.
    const expired = await failure(() =>
      withToken({ access_token: tokens.access_token!, expiry_date: Date.now() + 3600_000 }).users.getProfile(
        { userId: 'me' },
        at,
      ),
    );
    for (const refused of [unknown, expired]) {
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe(challenge);
      expect(body(refused)).toMatchObject({ status: 'UNAUTHENTICATED', errors: [{ reason: 'authError' }] });
    }
    const missing = await fetch(`${at.rootUrl}gmail/v1/users/me/profile`);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe(challenge);
  });

  it("revoke, as Google's client sends it (the token in the query)", async () => {
    const { code, codeVerifier } = await authorize();
    const { tokens } = await oauth.getToken({ code, codeVerifier });
    const answer = await oauth.revokeToken(tokens.refresh_token!);
    expect(answer.status).toBe(200);
    oauth.setCredentials({ refresh_token: tokens.refresh_token });
    const refused = await failure(() => oauth.refreshAccessToken());
    expect(refused.data).toMatchObject({ error: 'invalid_grant' });
  });
});
