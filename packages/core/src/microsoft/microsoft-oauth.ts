import { createHash } from 'node:crypto';
import { authorizeUrlOf, MICROSOFT_SCOPES, type MicrosoftSettings, tokenUrlOf } from './microsoft-settings';

export interface MicrosoftTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
  /** Granted scopes, without Graph's `https://graph.microsoft.com/` prefix. */
  scopes: string[];
}

/** The identity platform's error body: `{ error, error_description: "AADSTS70008: ...", error_codes }`. */
export class MicrosoftOAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status: number,
  ) {
    super(`Microsoft sign-in: ${error}: ${description}`);
    this.name = 'MicrosoftOAuthError';
  }
}

const GRAPH_PREFIX = 'https://graph.microsoft.com/';
export const normaliseScopes = (scope: string | undefined) =>
  (scope ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((s) => (s.startsWith(GRAPH_PREFIX) ? s.slice(GRAPH_PREFIX.length) : s));

export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** The consent URL: authorization code with PKCE (S256), the scopes sending and reading need. */
export function microsoftAuthorizationUrl(
  settings: MicrosoftSettings,
  input: { state: string; codeVerifier: string },
) {
  const url = new URL(authorizeUrlOf(settings));
  url.search = new URLSearchParams({
    client_id: settings.clientId,
    response_type: 'code',
    redirect_uri: settings.redirectUri,
    response_mode: 'query',
    scope: MICROSOFT_SCOPES.join(' '),
    state: input.state,
    code_challenge: pkceChallenge(input.codeVerifier),
    code_challenge_method: 'S256',
    prompt: 'select_account',
  }).toString();
  return url.toString();
}

async function tokenRequest(
  settings: MicrosoftSettings,
  form: Record<string, string>,
  now: Date,
): Promise<MicrosoftTokens> {
  const response = await (settings.fetch ?? fetch)(tokenUrlOf(settings), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      scope: MICROSOFT_SCOPES.join(' '),
      ...form,
    }).toString(),
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || typeof body.access_token !== 'string') {
    throw new MicrosoftOAuthError(
      typeof body.error === 'string' ? body.error : 'server_error',
      typeof body.error_description === 'string' ? body.error_description : `HTTP ${response.status}`,
      response.status,
    );
  }
  const expiresIn = Number(body.expires_in ?? 3600);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresAt: new Date(now.getTime() + expiresIn * 1000),
    scopes: normaliseScopes(typeof body.scope === 'string' ? body.scope : undefined),
  };
}

export const exchangeMicrosoftCode = (
  settings: MicrosoftSettings,
  code: string,
  codeVerifier: string,
  now: Date,
) =>
  tokenRequest(
    settings,
    {
      grant_type: 'authorization_code',
      code,
      code_verifier: codeVerifier,
      redirect_uri: settings.redirectUri,
    },
    now,
  );

export const refreshMicrosoftToken = (settings: MicrosoftSettings, refreshToken: string, now: Date) =>
  tokenRequest(settings, { grant_type: 'refresh_token', refresh_token: refreshToken }, now);
