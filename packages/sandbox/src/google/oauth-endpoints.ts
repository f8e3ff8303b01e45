import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { consentPage, errorPage, grantField } from './consent-page';
import { field, html, json, oauthError, redirect, type SandboxRequest, type SandboxResponse } from './http';
import { identityFor, SANDBOX_EMAIL, sandboxGoogleUserId, sandboxMailboxKey } from './identities';
import { ACCESS_TOKEN_TTL_S, CODE_TTL_MS, type SandboxGoogleOptions } from './options';
import { newToken, type SandboxStore, type TokenRow } from './sandbox-store';

const AUTH_PARAMS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'access_type',
  'prompt',
  'include_granted_scopes',
  'login_hint',
] as const;

export const SIGN_IN_FIRST = 'Sign in to Prospector first';
export const SIGN_IN_FIRST_DETAIL =
  'A sandbox mailbox belongs to the Prospector user who connects it: connect it from Prospector while signed in.';

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Google's authorization endpoint, consent step and token/revoke endpoints, against the sandbox store. */
export function oauthEndpoints(options: SandboxGoogleOptions, store: SandboxStore) {
  const now = () => options.clock.now();

  /** Checks an authorization request; a problem is shown as Google shows it, on a page, not redirected. */
  function checkAuthRequest(params: Record<string, string | undefined>): SandboxResponse | undefined {
    if (params.client_id !== options.clientId)
      return html(401, errorPage('Error 401: invalid_client', 'The OAuth client was not found.'));
    if (!params.redirect_uri || !options.redirectUris.includes(params.redirect_uri))
      return html(
        400,
        errorPage(
          'Error 400: redirect_uri_mismatch',
          `Unregistered redirect URI: ${params.redirect_uri ?? '(none)'}`,
        ),
      );
    if (params.response_type !== 'code')
      return html(400, errorPage('Error 400: invalid_request', 'Only response_type=code is supported.'));
    if (params.code_challenge && params.code_challenge_method !== 'S256')
      return html(400, errorPage('Error 400: invalid_request', 'code_challenge_method must be S256.'));
    return undefined;
  }

  const pick = (source: Record<string, string | undefined>) => {
    const picked: Record<string, string> = {};
    for (const key of AUTH_PARAMS) if (source[key]) picked[key] = source[key] as string;
    return picked;
  };

  function authorize(request: SandboxRequest): SandboxResponse {
    const params = pick(request.query);
    return (
      checkAuthRequest(params) ??
      html(200, consentPage(`${options.mountPath}/o/oauth2/v2/auth/approve`, params))
    );
  }

  async function approve(request: SandboxRequest): Promise<SandboxResponse> {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    const params = pick(body);
    const problem = checkAuthRequest(params);
    if (problem) return problem;
    const back = new URL(params.redirect_uri as string);
    if (params.state) back.searchParams.set('state', params.state);
    if (field(body, 'decision') === 'deny') {
      back.searchParams.set('error', 'access_denied');
      return redirect(back.toString());
    }
    const email = (field(body, 'email') || field(body, 'custom_email') || '').trim().toLowerCase();
    if (!SANDBOX_EMAIL.test(email))
      return html(400, errorPage('Enter a valid email', `"${email}" is not an email address.`));
    // The mailbox is the signed-in app user's own: without one, nobody could tell whose it is.
    if (!request.owner) return html(401, errorPage(SIGN_IN_FIRST, SIGN_IN_FIRST_DETAIL));
    const key = sandboxMailboxKey(request.owner, email);
    const identity = { ...identityFor(email), googleUserId: sandboxGoogleUserId(key) };
    await store.ensureMailbox(key, identity);
    const code = newToken('4/0sbx');
    await store.insertToken(code, {
      grantId: store.newGrantId(),
      kind: 'code',
      email: key,
      clientId: options.clientId,
      scopes: grantedScopes(params.scope ?? '', body),
      redirectUri: params.redirect_uri ?? null,
      codeChallenge: params.code_challenge ?? null,
      expiresAt: new Date(now().getTime() + CODE_TTL_MS),
      now: now(),
    });
    back.searchParams.set('code', code);
    back.searchParams.set('scope', grantedScopes(params.scope ?? '', body).join(' '));
    return redirect(back.toString());
  }

  function clientOf(request: SandboxRequest): { id?: string; secret?: string } {
    const basic = /^Basic (.+)$/i.exec(String(request.headers.authorization ?? ''));
    if (basic?.[1]) {
      const [id, secret] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
      return { id: decodeURIComponent(id ?? ''), secret: decodeURIComponent(secret ?? '') };
    }
    return { id: field(request.body, 'client_id'), secret: field(request.body, 'client_secret') };
  }

  async function issue(grant: TokenRow, withRefresh: boolean) {
    const accessToken = newToken('ya29.sbx-');
    const at = now();
    const base = {
      grantId: grant.grantId,
      email: grant.email,
      clientId: grant.clientId,
      scopes: grant.scopes,
    };
    await store.insertToken(accessToken, {
      ...base,
      kind: 'access',
      redirectUri: null,
      codeChallenge: null,
      expiresAt: new Date(at.getTime() + ACCESS_TOKEN_TTL_S * 1000),
      now: at,
    });
    const body: Record<string, unknown> = {
      access_token: accessToken,
      expires_in: ACCESS_TOKEN_TTL_S,
      scope: grant.scopes.join(' '),
      token_type: 'Bearer',
    };
    if (withRefresh) {
      const refreshToken = newToken('1//0sbx-');
      await store.insertToken(refreshToken, {
        ...base,
        kind: 'refresh',
        redirectUri: null,
        codeChallenge: null,
        expiresAt: null,
        now: at,
      });
      body.refresh_token = refreshToken;
    }
    if (grant.scopes.includes('openid')) body.id_token = await idToken(grant.email, at);
    return json(200, body);
  }

  async function idToken(key: string, at: Date): Promise<string> {
    const mailbox = await store.getMailbox(key);
    const iat = Math.floor(at.getTime() / 1000);
    const claims = {
      iss: options.baseUrl,
      azp: options.clientId,
      aud: options.clientId,
      sub: mailbox?.googleUserId,
      email: mailbox?.email,
      email_verified: true,
      name: mailbox?.displayName,
      ...(mailbox?.kind === 'workspace' ? { hd: mailbox.email.split('@')[1] } : {}),
      iat,
      exp: iat + ACCESS_TOKEN_TTL_S,
    };
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
    return `${unsigned}.${createHmac('sha256', options.clientSecret).update(unsigned).digest('base64url')}`;
  }

  async function token(request: SandboxRequest): Promise<SandboxResponse> {
    const client = clientOf(request);
    if (client.id !== options.clientId || !client.secret || !same(client.secret, options.clientSecret))
      return oauthError(401, 'invalid_client', 'The OAuth client was not found.');
    const grantType = field(request.body, 'grant_type');
    if (grantType === 'authorization_code') return exchange(request);
    if (grantType === 'refresh_token') {
      const refreshToken = field(request.body, 'refresh_token') ?? '';
      const grant = await store.findToken(refreshToken, 'refresh');
      if (!grant || grant.revokedAt || grant.clientId !== client.id)
        return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
      return issue(grant, false);
    }
    return oauthError(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
  }

  async function exchange(request: SandboxRequest): Promise<SandboxResponse> {
    const code = field(request.body, 'code') ?? '';
    const grant = await store.findToken(code, 'code');
    const bad = (description: string) => oauthError(400, 'invalid_grant', description);
    if (!grant || grant.revokedAt || (grant.expiresAt && grant.expiresAt <= now())) return bad('Bad Request');
    if (grant.redirectUri !== field(request.body, 'redirect_uri')) return bad('Bad Request');
    if (grant.codeChallenge) {
      const verifier = field(request.body, 'code_verifier');
      if (!verifier) return bad('Missing code verifier.');
      if (createHash('sha256').update(verifier).digest('base64url') !== grant.codeChallenge)
        return bad('Invalid code verifier.');
    }
    // A code works once; a replay revokes what the first exchange issued, as RFC 6749 10.5 suggests.
    if (!(await store.useCode(code, now()))) {
      await store.revokeGrant(grant.grantId, now());
      return bad('Bad Request');
    }
    return issue(grant, true);
  }

  async function revoke(request: SandboxRequest): Promise<SandboxResponse> {
    const value = field(request.body, 'token') ?? request.query.token ?? '';
    const found = (await store.findToken(value, 'refresh')) ?? (await store.findToken(value, 'access'));
    if (!found || found.revokedAt) return oauthError(400, 'invalid_token', 'Token expired or revoked');
    await store.revokeGrant(found.grantId, now());
    return json(200, {});
  }

  return { authorize, approve, token, revoke };
}

/**
 * The scopes a consent grants: all asked for, except the sensitive ones whose box the user unticked on the
 * consent page (sign-in scopes cannot be unticked, as on Google's).
 */
function grantedScopes(requested: string, body: Record<string, string | undefined>): string[] {
  const scopes = requested.split(' ').filter(Boolean);
  if (field(body, 'scope_choice') !== 'granular') return scopes;
  return scopes.filter((scope) => !scope.startsWith('https://') || field(body, grantField(scope)) === 'on');
}
