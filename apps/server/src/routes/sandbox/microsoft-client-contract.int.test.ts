import { randomUUID } from 'node:crypto';
import { type AccountInfo, ConfidentialClientApplication, CryptoProvider } from '@azure/msal-node';
import { Client, GraphError, ResponseType, RetryHandlerOptions } from '@microsoft/microsoft-graph-client';
import { graphFailureKind } from '@prospector/core';
import { sandboxMailboxKey } from '@prospector/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../../testing/gmail-test-kit';
import { type MicrosoftApp, outreachMessage, startMicrosoftApp } from '../../testing/microsoft-test-kit';

/**
 * Microsoft's own libraries (`@azure/msal-node`, `@microsoft/microsoft-graph-client`), unchanged, against
 * the sandbox Microsoft: the consent and tokens the app gets, every Graph call it makes, and the failures
 * it must tell apart, in the identity platform's and Graph's documented shapes. Both libraries accept only
 * https authorities and Graph hosts, so the app is reached over TLS here.
 */
let env: MicrosoftApp;
let msal: ConfidentialClientApplication;
let graph: Client;
let owner: Browser;
/** The sandbox Microsoft's name for the owner's mailbox, for its inbox and its knobs. */
let mailboxKey = '';
let account: AccountInfo;
let accessToken = '';
/** The first message sent, which the Inbox's arrivals answer. */
let sent: { id: string; conversationId: string };
let deltaLink = '';
/** What the app's reply poller reads of each arrival. */
const DELTA_SELECT = ['id', 'conversationId', 'receivedDateTime'];
const MAILBOX = 'contract.test@contoso.example';
const PROSPECT = 'pat.prospect@fabrikam.example';
/** What the app asks for (MSAL adds openid and profile itself). */
const SCOPES = ['offline_access', 'Mail.Send', 'Mail.ReadWrite', 'User.Read'];
/** No retries by the client: each queued fault must reach the test. */
const noRetry = () => [new RetryHandlerOptions(0, 0)];

beforeAll(async () => {
  env = await startMicrosoftApp({ tls: true });
  owner = env.browser();
  mailboxKey = sandboxMailboxKey((await owner.signUp()).id, MAILBOX);
  const settings = env.core.microsoft!;
  const host = new URL(env.appUrl).host;
  const authority = settings.authorityUrl;
  msal = new ConfidentialClientApplication({
    auth: {
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      authority,
      // The sandbox is an authority MSAL is told about, not one it discovers on the internet.
      knownAuthorities: [host],
      cloudDiscoveryMetadata: JSON.stringify({
        tenant_discovery_endpoint: `${authority}/v2.0/.well-known/openid-configuration`,
        'api-version': '1.1',
        metadata: [{ preferred_network: host, preferred_cache: host, aliases: [host] }],
      }),
      authorityMetadata: JSON.stringify({
        token_endpoint: `${authority}/oauth2/v2.0/token`,
        authorization_endpoint: `${authority}/oauth2/v2.0/authorize`,
        end_session_endpoint: `${authority}/oauth2/v2.0/logout`,
        issuer: `${env.appUrl}/sandbox/microsoft/{tenantid}/v2.0`,
        jwks_uri: `${authority}/discovery/v2.0/keys`,
      }),
    },
  });
  graph = Client.init({
    baseUrl: `${env.appUrl}/sandbox/microsoft`,
    defaultVersion: 'v1.0',
    customHosts: new Set([new URL(env.appUrl).hostname]),
    authProvider: (done) => done(null, accessToken),
  });
}, 60_000);
afterAll(() => env?.close());

/** The consent round trip as a browser makes it, from the URL MSAL builds. */
async function authorize(untick: string[] = []) {
  const { verifier, challenge } = await new CryptoProvider().generatePkceCodes();
  const redirectUri = env.core.microsoft!.redirectUri;
  const url = await msal.getAuthCodeUrl({
    scopes: SCOPES,
    redirectUri,
    codeChallenge: challenge,
    codeChallengeMethod: 'S256',
    state: 'contract-state',
    responseMode: 'query',
  });
  const page = await owner.get(url);
  expect(page.status, page.text).toBe(200);
  const form: Record<string, string> = { login: MAILBOX, decision: 'accept' };
  const decode = (value: string) => value.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)));
  for (const match of page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    form[decode(match[1] ?? '')] = decode(match[2] ?? '');
  for (const match of page.text.matchAll(/name="grant:([^"]+)" value="on" checked/g))
    if (match[1] && !untick.includes(match[1])) form[`grant:${match[1]}`] = 'on';
  const action = page.text.match(/<form method="post" action="([^"]+)"/)?.[1] ?? '';
  const approved = await owner.form(action, form);
  const back = new URL(approved.location!);
  expect(back.searchParams.get('state')).toBe('contract-state');
  return { code: back.searchParams.get('code')!, verifier, redirectUri, url: new URL(url) };
}

/** Runs a Graph call expected to fail; answers the GraphError the library throws. */
async function failure(call: () => Promise<unknown>): Promise<GraphError> {
  try {
    await call();
  } catch (error) {
    if (error instanceof GraphError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

const base64Mime = async (subject: string) => {
  const message = await outreachMessage(MAILBOX, PROSPECT, env.clock.now(), { subject });
  return { ...message, body: message.raw.toString('base64') };
};

describe("Microsoft's libraries against the sandbox Microsoft", () => {
  it('MSAL: authorization code with PKCE, then a refresh with the cached refresh token', async () => {
    const { code, verifier, redirectUri, url } = await authorize();
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const result = await msal.acquireTokenByCode({
      code,
      codeVerifier: verifier,
      redirectUri,
      scopes: SCOPES,
    });
    expect(result.accessToken).toEqual(expect.any(String));
    expect(result.tokenType).toBe('Bearer');
    // Graph's scopes come back with or without their resource, as the request named them.
    expect(result.scopes.map((s) => s.replace('https://graph.microsoft.com/', ''))).toEqual(
      expect.arrayContaining(['Mail.Send', 'Mail.ReadWrite', 'User.Read']),
    );
    expect(result.account).toMatchObject({ username: MAILBOX });
    account = result.account!;
    accessToken = result.accessToken;

    const refreshed = await msal.acquireTokenSilent({ account, scopes: SCOPES, forceRefresh: true });
    expect(refreshed.accessToken).not.toBe(result.accessToken);
    expect(refreshed.account?.homeAccountId).toBe(account.homeAccountId);
    accessToken = refreshed.accessToken;
  });

  it('Graph: GET /me', async () => {
    const me = await graph.api('/me').select(['id', 'mail', 'userPrincipalName', 'displayName']).get();
    expect(me).toMatchObject({ mail: MAILBOX, userPrincipalName: MAILBOX, displayName: 'Contract Test' });
    expect(me.id).toBe(account.localAccountId);
  });

  it('Graph: POST /me/sendMail with the base64 MIME as text/plain is 202 with no body; our headers survive', async () => {
    const message = await base64Mime('Contract');
    const answer = await graph
      .api('/me/sendMail')
      .header('Content-Type', 'text/plain')
      .responseType(ResponseType.RAW)
      .post(message.body);
    expect(answer.status).toBe(202);
    expect(await answer.text()).toBe('');

    const found = await graph
      .api("/me/mailFolders('sentitems')/messages")
      .filter(`internetMessageId eq '${message.messageId}'`)
      .select(['id', 'conversationId', 'sentDateTime'])
      .get();
    expect(found.value).toEqual([
      expect.objectContaining({ id: expect.any(String), conversationId: expect.any(String) }),
    ]);
    sent = { id: found.value[0].id, conversationId: found.value[0].conversationId };

    const raw: string = await graph.api(`/me/messages/${sent.id}/$value`).get();
    expect(raw).toContain(`Message-ID: ${message.messageId}`);
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const resource = await graph
      .api(`/me/messages/${sent.id}`)
      .select(['internetMessageId', 'subject'])
      .get();
    expect(resource).toMatchObject({
      id: sent.id,
      internetMessageId: message.messageId,
      subject: 'Contract',
    });
    expect(resource).not.toHaveProperty('conversationId');
  });

  it('Graph: the Inbox delta query pages through @odata.nextLink to an @odata.deltaLink, then only what is new', async () => {
    const start = await graph.api("/me/mailFolders('inbox')/messages/delta").select(DELTA_SELECT).get();
    expect(start.value).toEqual([]);
    let link: string = start['@odata.deltaLink'];
    expect(link).toMatch(/\/v1\.0\/me\/mailFolders\('inbox'\)\/messages\/delta\?\$deltatoken=/);

    for (let i = 0; i < 12; i++) await env.sandbox.inbox.reply([mailboxKey], sent.id, `Answer ${i}`);
    const pages: { value: { id: string; conversationId: string }[] }[] = [];
    for (;;) {
      const page = await graph.api(link).get();
      pages.push(page);
      if (page['@odata.deltaLink']) {
        link = page['@odata.deltaLink'];
        break;
      }
      link = page['@odata.nextLink'];
      expect(link).toMatch(/\$skiptoken=/);
    }
    // Graph pages a round ten messages at a time.
    expect(pages.map((p) => p.value.length)).toEqual([10, 2]);
    const arrived = pages.flatMap((p) => p.value);
    expect(new Set(arrived.map((m) => m.id)).size).toBe(12);
    expect(arrived.every((m) => m.conversationId === sent.conversationId)).toBe(true);
    // Graph encodes the first request's $select into its links: only the fields asked for (and id) come back.
    expect(link).not.toContain('$select');
    expect(Object.keys(arrived[0]!).sort()).toEqual([
      '@odata.etag',
      'conversationId',
      'id',
      'receivedDateTime',
    ]);

    // A client may ask for other pages with Prefer: odata.maxpagesize.
    const sizes: number[] = [];
    let round = await graph
      .api("/me/mailFolders('inbox')/messages/delta")
      .header('Prefer', 'odata.maxpagesize=5')
      .select(DELTA_SELECT)
      .get();
    for (sizes.push(round.value.length); round['@odata.nextLink']; sizes.push(round.value.length))
      round = await graph.api(round['@odata.nextLink']).get();
    expect(sizes).toEqual([5, 5, 2]);

    const quiet = await graph.api(link).get();
    expect(quiet.value).toEqual([]);
    await env.sandbox.inbox.autoReply([mailboxKey], sent.id);
    const next = await graph.api(quiet['@odata.deltaLink']).get();
    expect(next.value).toHaveLength(1);
    const ooo: string = await graph.api(`/me/messages/${next.value[0].id}/$value`).get();
    expect(ooo).toContain('Auto-Submitted: auto-replied');
    deltaLink = next['@odata.deltaLink'];
  });
});

describe("Graph's documented errors, as Microsoft's Graph client receives them", () => {
  it('an expired delta token is 410 syncStateNotFound; a new round filtered on receivedDateTime starts again', async () => {
    env.clock.advance(8 * 24 * 3600_000);
    // The access token expired with the moved clock: MSAL refreshes it.
    accessToken = (await msal.acquireTokenSilent({ account, scopes: SCOPES, forceRefresh: true }))
      .accessToken;
    const gone = await failure(() => graph.api(deltaLink).middlewareOptions(noRetry()).get());
    expect(gone.statusCode).toBe(410);
    expect(gone.code).toBe('syncStateNotFound');
    expect(gone.body).toBeDefined();

    const since = new Date(env.clock.now().getTime() - 60_000).toISOString();
    await env.sandbox.inbox.reply([mailboxKey], sent.id, 'Back again');
    const again = await graph
      .api("/me/mailFolders('inbox')/messages/delta")
      .filter(`receivedDateTime ge ${since}`)
      .select(DELTA_SELECT)
      .get();
    expect(again.value).toHaveLength(1);
    expect(again['@odata.deltaLink']).toEqual(expect.any(String));
  });

  it('429 and 503 carry Retry-After and the error body; the app reads them as a rate limit and a transient failure', async () => {
    env.sandbox.control.queueFaults(mailboxKey, ['429', '503']);
    const send = async () => {
      const message = await base64Mime('Throttled');
      return graph
        .api('/me/sendMail')
        .header('Content-Type', 'text/plain')
        .middlewareOptions(noRetry())
        .post(message.body);
    };
    const throttled = await failure(send);
    const unavailable = await failure(send);
    for (const [error, status] of [
      [throttled, 429],
      [unavailable, 503],
    ] as const) {
      expect(error.statusCode).toBe(status);
      expect(error.headers?.get('retry-after')).toBe('2');
      expect(error.requestId).toEqual(expect.any(String));
      expect(error.date).toBeInstanceOf(Date);
    }
    expect(graphFailureKind(throttled.statusCode, throttled.code ?? '')).toBe('rate-limit');
    expect(graphFailureKind(unavailable.statusCode, unavailable.code ?? '')).toBe('transient');
  });

  it('error bodies are {error:{code,message,innerError}}, with the client-request-id the client sent', async () => {
    const clientRequestId = randomUUID();
    const missing = await failure(() =>
      graph
        .api('/me/messages/AAMkAGVmMDEzMTM4LTZmYWUtNDdkNC1hMDZiLTU1OGY5OTZhYmY4OABGAAA')
        .header('client-request-id', clientRequestId)
        .get(),
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.code).toBe('ErrorItemNotFound');
    expect(missing.message).toBe('The specified object was not found in the store.');
    // The client keeps the body's `error` object.
    expect(JSON.parse(missing.body)).toEqual({
      code: 'ErrorItemNotFound',
      message: 'The specified object was not found in the store.',
      innerError: {
        date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
        'request-id': missing.requestId,
        'client-request-id': clientRequestId,
      },
    });
    expect(missing.headers?.get('client-request-id')).toBe(clientRequestId);

    const badFilter = await failure(() =>
      graph.api("/me/mailFolders('sentitems')/messages").filter('subject has nonsense').get(),
    );
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.code).toBe('ErrorInvalidUrlQueryFilter');

    const badMime = await failure(() =>
      graph.api('/me/sendMail').header('Content-Type', 'text/plain').post('not base64 MIME!'),
    );
    expect(badMime.statusCode).toBe(400);
    expect(badMime.code).toBe('ErrorMimeContentInvalidBase64String');
  });

  it('a consent without Mail.Send: sendMail is 403 ErrorAccessDenied, which the app reads as lost authorisation', async () => {
    const { code, verifier, redirectUri } = await authorize(['Mail.Send']);
    const narrow = await msal.acquireTokenByCode({
      code,
      codeVerifier: verifier,
      redirectUri,
      scopes: SCOPES,
    });
    expect(narrow.scopes.map((s) => s.replace('https://graph.microsoft.com/', ''))).not.toContain(
      'Mail.Send',
    );
    accessToken = narrow.accessToken;
    const message = await base64Mime('Not allowed');
    const denied = await failure(() =>
      graph.api('/me/sendMail').header('Content-Type', 'text/plain').post(message.body),
    );
    expect(denied.statusCode).toBe(403);
    expect(denied.code).toBe('ErrorAccessDenied');
    expect(graphFailureKind(denied.statusCode, denied.code ?? '')).toBe('auth-lost');
  });

  it("a revoked consent: Graph answers 401 InvalidAuthenticationToken and MSAL's refresh invalid_grant", async () => {
    accessToken = (await msal.acquireTokenSilent({ account, scopes: SCOPES, forceRefresh: true }))
      .accessToken;
    env.sandbox.control.queueFaults(mailboxKey, ['401:invalid_grant']);
    const revoked = await failure(() => graph.api('/me').middlewareOptions(noRetry()).get());
    expect(revoked.statusCode).toBe(401);
    expect(revoked.code).toBe('InvalidAuthenticationToken');
    const refresh = await msal
      .acquireTokenSilent({ account, scopes: SCOPES, forceRefresh: true })
      .catch((error: unknown) => error);
    expect(refresh).toMatchObject({ errorCode: 'invalid_grant', errorNo: 70008 });
    expect((refresh as { errorMessage: string }).errorMessage).toContain('AADSTS70008: The provided');
  });
});
