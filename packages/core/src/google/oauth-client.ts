import { createHash } from 'node:crypto';
import { GOOGLE_SCOPES, type GoogleSettings } from './google-settings';
import { fetchWithRetry } from './http-retry';

/**
 * Google's OAuth 2.0 authorization-code flow with offline access, in plain fetch (decision 007): the
 * consent URL, the code exchange (with PKCE), refresh and revoke.
 */

/** An error answer of the token endpoint: `{ error, error_description }` (invalid_grant, ...). */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string | undefined,
    readonly status: number,
  ) {
    super(`OAuth ${error}${description ? `: ${description}` : ''} (HTTP ${status})`);
    this.name = 'OAuthError';
  }
}

export interface TokenSet {
  accessToken: string;
  /** Only on the first consent (and when Google rotates it). */
  refreshToken?: string;
  expiresAt: Date;
  scopes: string[];
  idToken?: string;
}

const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export function authorizationUrl(
  settings: GoogleSettings,
  options: { state: string; codeVerifier: string; loginHint?: string },
): string {
  const url = new URL(settings.authUrl);
  const params: Record<string, string> = {
    client_id: settings.clientId,
    redirect_uri: settings.redirectUri,
    response_type: 'code',
    scope: GOOGLE_SCOPES.join(' '),
    access_type: 'offline',
    // Asks again each time, so Google hands out a refresh token even to a returning account.
    prompt: 'consent',
    include_granted_scopes: 'true',
    state: options.state,
    code_challenge: challengeOf(options.codeVerifier),
    code_challenge_method: 'S256',
  };
  if (options.loginHint) params.login_hint = options.loginHint;
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

async function tokenRequest(
  settings: GoogleSettings,
  grant: Record<string, string>,
  now: Date,
): Promise<TokenSet> {
  const body = new URLSearchParams({
    ...grant,
    client_id: settings.clientId,
    client_secret: settings.clientSecret,
  });
  const response = await fetchWithRetry(
    settings.tokenUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
    },
    settings.retry,
    settings.fetch,
  );
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || typeof json.access_token !== 'string') {
    const error = typeof json.error === 'string' ? json.error : 'invalid_response';
    const description = typeof json.error_description === 'string' ? json.error_description : undefined;
    throw new OAuthError(error, description, response.status);
  }
  const expiresIn = Number(json.expires_in ?? 3600);
  return {
    accessToken: json.access_token,
    refreshToken: typeof json.refresh_token === 'string' ? json.refresh_token : undefined,
    expiresAt: new Date(now.getTime() + (Number.isFinite(expiresIn) ? expiresIn : 3600) * 1000),
    scopes: typeof json.scope === 'string' ? json.scope.split(' ').filter(Boolean) : [],
    idToken: typeof json.id_token === 'string' ? json.id_token : undefined,
  };
}

export function exchangeCode(
  settings: GoogleSettings,
  code: string,
  codeVerifier: string,
  now: Date,
): Promise<TokenSet> {
  return tokenRequest(
    settings,
    {
      grant_type: 'authorization_code',
      code,
      redirect_uri: settings.redirectUri,
      code_verifier: codeVerifier,
    },
    now,
  );
}

export function refreshAccessToken(settings: GoogleSettings, refreshToken: string, now: Date) {
  return tokenRequest(settings, { grant_type: 'refresh_token', refresh_token: refreshToken }, now);
}

/** Revokes a token (and with a refresh token, the whole grant). Failures are ignored: we forget it anyway. */
export async function revokeToken(settings: GoogleSettings, token: string): Promise<boolean> {
  try {
    const response = await fetchWithRetry(
      settings.revokeUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }),
      },
      settings.retry,
      settings.fetch,
    );
    return response.ok;
  } catch {
    return false;
  }
}

/** The claims we use from an ID token received directly from the token endpoint. */
export interface IdTokenClaims {
  sub: string;
  email?: string;
  name?: string;
  hd?: string;
}

/**
 * Reads the ID token of a code exchange. It came straight from the token endpoint over TLS, so per OpenID
 * Connect Core 3.1.3.7 the signature check may be replaced by the TLS check; issuer, audience and expiry
 * are still checked.
 */
export function readIdToken(settings: GoogleSettings, idToken: string, now: Date): IdTokenClaims {
  const payload = idToken.split('.')[1];
  if (!payload) throw new OAuthError('invalid_id_token', 'malformed ID token', 200);
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!settings.issuers.includes(String(claims.iss)))
    throw new OAuthError('invalid_id_token', 'unexpected issuer', 200);
  if (!audience.includes(settings.clientId))
    throw new OAuthError('invalid_id_token', 'unexpected audience', 200);
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < now.getTime() - 5 * 60_000)
    throw new OAuthError('invalid_id_token', 'expired ID token', 200);
  if (typeof claims.sub !== 'string' || !claims.sub)
    throw new OAuthError('invalid_id_token', 'no subject', 200);
  return {
    sub: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    name: typeof claims.name === 'string' ? claims.name : undefined,
    hd: typeof claims.hd === 'string' ? claims.hd : undefined,
  };
}
