import { AppError } from '../app-error';
import { requireAppSecret, type SecretHolder } from '../crypto/app-secret';
import type { HttpFetch } from '../http/keep-alive-fetch';
import type { RetryPolicy } from './http-retry';

/**
 * Where the Google client talks to, and as whom. The same client code serves Google itself and the
 * built-in sandbox (`${APP_URL}/sandbox/google`): only these values differ.
 */
export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** Base of the Gmail API; requests go to `${gmailApiBaseUrl}/gmail/v1/users/me/...`. */
  gmailApiBaseUrl: string;
  /** Where the consent screen sends the browser back: `${APP_URL}/api/auth/google/callback`. */
  redirectUri: string;
  /** Accepted `iss` values of the ID token. */
  issuers: string[];
  /** True when these endpoints are the built-in sandbox (the UI marks such mailboxes). */
  sandbox: boolean;
  retry: RetryPolicy;
  /** For tests only; defaults to `keepAliveFetch` (the process's kept-alive connections). */
  fetch?: HttpFetch;
}

export const GOOGLE_SCOPES = [
  'openid',
  'email',
  'profile',
  'https://www.googleapis.com/auth/gmail.send',
  'https://www.googleapis.com/auth/gmail.readonly',
] as const;

/** What sending and reply tracking cannot work without; Google's granular consent lets a user untick them. */
export const REQUIRED_GMAIL_SCOPES = [
  'https://www.googleapis.com/auth/gmail.send',
  'https://www.googleapis.com/auth/gmail.readonly',
] as const;

export const LIVE_GOOGLE_ENDPOINTS = {
  authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  revokeUrl: 'https://oauth2.googleapis.com/revoke',
  gmailApiBaseUrl: 'https://gmail.googleapis.com',
  issuers: ['https://accounts.google.com', 'accounts.google.com'],
} as const;

/** The path the built-in sandbox is served under, on the app's own port. */
export const SANDBOX_GOOGLE_PATH = '/sandbox/google';

/** The sandbox's endpoints under a base such as `http://localhost:3000/sandbox/google`. */
export function sandboxGoogleEndpoints(base: string) {
  return {
    authUrl: `${base}/o/oauth2/v2/auth`,
    tokenUrl: `${base}/token`,
    revokeUrl: `${base}/revoke`,
    gmailApiBaseUrl: base,
    issuers: [base],
  };
}

export const NOT_CONFIGURED_MESSAGE =
  'Google sign-in is not configured: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or turn the sandbox on';

/** The Google settings and the key for tokens at rest, or a NOT_CONFIGURED error. */
export function requireGoogle(deps: SecretHolder & { google?: GoogleSettings }): {
  google: GoogleSettings;
  appSecret: string;
} {
  if (!deps.google) throw new AppError('NOT_CONFIGURED', NOT_CONFIGURED_MESSAGE);
  return { google: deps.google, appSecret: requireAppSecret(deps) };
}
