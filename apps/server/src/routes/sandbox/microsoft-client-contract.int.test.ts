import { type AccountInfo, ConfidentialClientApplication, CryptoProvider } from '@azure/msal-node';
import { Client, GraphError, RetryHandlerOptions } from '@microsoft/microsoft-graph-client';
import { graphFailureKind } from '@prospector/core';
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
let account: AccountInfo;
let accessToken = '';
const MAILBOX = 'contract.test@contoso.example';
const PROSPECT = 'pat.prospect@fabrikam.example';
/** What the app asks for (MSAL adds openid and profile itself). */
const SCOPES = ['offline_access', 'Mail.Send', 'Mail.ReadWrite', 'User.Read'];
/** No retries by the client: each queued fault must reach the test. */
const noRetry = () => [new RetryHandlerOptions(0, 0)];

beforeAll(async () => {
  env = await startMicrosoftApp({ tls: true });
  owner = env.browser();
  await owner.signUp();
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
    const result = await msal.acquireTokenByCode({ code, codeVerifier: verifier, redirectUri, scopes: SCOPES });
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
});
