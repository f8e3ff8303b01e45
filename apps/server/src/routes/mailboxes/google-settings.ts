import { createHmac } from 'node:crypto';
import {
  DEFAULT_RETRY,
  type GoogleSettings,
  LIVE_GOOGLE_ENDPOINTS,
  SANDBOX_GOOGLE_PATH,
  sandboxGoogleEndpoints,
} from '@prospector/core';
import type { AppConfig } from '../../config';

/** The OAuth client the built-in sandbox knows: a fixed id and a secret derived from APP_SECRET. */
export function sandboxGoogleClient(appSecret: string) {
  return {
    clientId: 'prospector-sandbox.apps.googleusercontent.com',
    clientSecret: createHmac('sha256', appSecret).update('sandbox-google-client').digest('base64url'),
  };
}

export const googleRedirectUri = (appUrl: string) => `${appUrl}/api/auth/google/callback`;

/**
 * Live Google when GOOGLE_CLIENT_ID/SECRET are set; else the sandbox on the app's own port unless
 * SANDBOX=off; else undefined (connecting a mailbox answers 503).
 */
export function googleSettings(
  config: Pick<AppConfig, 'appUrl' | 'appSecret' | 'sandbox' | 'google'>,
): GoogleSettings | undefined {
  const redirectUri = googleRedirectUri(config.appUrl);
  if (config.google) {
    const tokenUrl = config.google.tokenUrl ?? LIVE_GOOGLE_ENDPOINTS.tokenUrl;
    return {
      clientId: config.google.clientId,
      clientSecret: config.google.clientSecret,
      authUrl: config.google.authUrl ?? LIVE_GOOGLE_ENDPOINTS.authUrl,
      tokenUrl,
      revokeUrl: config.google.tokenUrl
        ? new URL('revoke', tokenUrl).toString()
        : LIVE_GOOGLE_ENDPOINTS.revokeUrl,
      gmailApiBaseUrl: config.google.gmailApiBaseUrl ?? LIVE_GOOGLE_ENDPOINTS.gmailApiBaseUrl,
      redirectUri,
      issuers: [...LIVE_GOOGLE_ENDPOINTS.issuers],
      sandbox: false,
      retry: DEFAULT_RETRY,
    };
  }
  if (!config.sandbox) return undefined;
  return {
    ...sandboxGoogleClient(config.appSecret),
    ...sandboxGoogleEndpoints(`${config.appUrl}${SANDBOX_GOOGLE_PATH}`),
    redirectUri,
    sandbox: true,
    retry: DEFAULT_RETRY,
  };
}
