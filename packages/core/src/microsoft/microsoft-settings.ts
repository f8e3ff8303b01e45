import { AppError } from '../app-error';
import { requireAppSecret, type SecretHolder } from '../crypto/app-secret';

/**
 * Where the Microsoft client talks to, and as whom: Microsoft's identity platform and Graph, or the
 * built-in sandbox Microsoft (`${APP_URL}/sandbox/microsoft`). Only these values differ.
 */
export interface MicrosoftSettings {
  clientId: string;
  clientSecret: string;
  /** `common`, `organizations`, `consumers` or a tenant id. */
  tenant: string;
  /** `${authority}/oauth2/v2.0/authorize` and `/token` live under it. */
  authorityUrl: string;
  /** Base of Graph, e.g. `https://graph.microsoft.com/v1.0`. */
  graphBaseUrl: string;
  /** `${APP_URL}/api/microsoft/callback`. */
  redirectUri: string;
  sandbox: boolean;
  /** The longest a throttled call waits for Graph's Retry-After before the refusal is handed back. */
  maxRetryWaitMs: number;
  /** For tests: the fetch and the wait used between throttled attempts. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

/** Sending, reading replies (delta and MIME), the mailbox's own address, and a refresh token. */
export const MICROSOFT_SCOPES = ['offline_access', 'Mail.Send', 'Mail.ReadWrite', 'User.Read'] as const;
/** What sending and reply tracking cannot work without; a consent may grant less than asked. */
export const REQUIRED_MICROSOFT_SCOPES = ['Mail.Send', 'Mail.ReadWrite'] as const;

export const LIVE_MICROSOFT_ENDPOINTS = {
  authorityBase: 'https://login.microsoftonline.com',
  graphBaseUrl: 'https://graph.microsoft.com/v1.0',
} as const;

/** The path the sandbox Microsoft is served under, on the app's own port. */
export const SANDBOX_MICROSOFT_PATH = '/sandbox/microsoft';

export const authorizeUrlOf = (s: MicrosoftSettings) => `${s.authorityUrl}/oauth2/v2.0/authorize`;
export const tokenUrlOf = (s: MicrosoftSettings) => `${s.authorityUrl}/oauth2/v2.0/token`;

export const MICROSOFT_NOT_CONFIGURED_MESSAGE =
  'Microsoft sign-in is not configured: set the Microsoft application in Settings, or turn the sandbox on';

export function requireMicrosoft(deps: SecretHolder & { microsoft?: MicrosoftSettings }) {
  if (!deps.microsoft) throw new AppError('NOT_CONFIGURED', MICROSOFT_NOT_CONFIGURED_MESSAGE);
  return { microsoft: deps.microsoft, appSecret: requireAppSecret(deps) };
}
