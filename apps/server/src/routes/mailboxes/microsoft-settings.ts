import { createHmac } from 'node:crypto';
import {
  type Clock,
  LIVE_MICROSOFT_ENDPOINTS,
  type MicrosoftSettings,
  SANDBOX_MICROSOFT_PATH,
} from '@prospector/core';
import { createSandboxMicrosoft, type SandboxMicrosoft } from '@prospector/sandbox';
import type { AppConfig } from '../../config';

/** Graph's Retry-After is honoured up to this long inside one call; longer waits go back to the engine. */
const MAX_RETRY_WAIT_MS = 30_000;

/** The application the sandbox Microsoft knows: a fixed id and a secret derived from APP_SECRET. */
export function sandboxMicrosoftClient(appSecret: string) {
  return {
    clientId: '00000000-0000-4000-8000-70726f737065',
    clientSecret: createHmac('sha256', appSecret).update('sandbox-microsoft-client').digest('base64url'),
  };
}

export const microsoftRedirectUri = (appUrl: string) => `${appUrl}/api/microsoft/callback`;

/**
 * Microsoft's identity platform and Graph when MICROSOFT_CLIENT_ID/SECRET are set (tenant MICROSOFT_TENANT,
 * `common` by default); else the sandbox Microsoft on the app's own port unless SANDBOX=off; else none.
 */
export function microsoftSettings(
  config: Pick<AppConfig, 'appUrl' | 'appSecret' | 'sandbox' | 'microsoft'>,
): MicrosoftSettings | undefined {
  const redirectUri = microsoftRedirectUri(config.appUrl);
  if (config.microsoft) {
    return {
      clientId: config.microsoft.clientId,
      clientSecret: config.microsoft.clientSecret,
      tenant: config.microsoft.tenant,
      authorityUrl: `${LIVE_MICROSOFT_ENDPOINTS.authorityBase}/${config.microsoft.tenant}`,
      graphBaseUrl: LIVE_MICROSOFT_ENDPOINTS.graphBaseUrl,
      redirectUri,
      sandbox: false,
      maxRetryWaitMs: MAX_RETRY_WAIT_MS,
    };
  }
  if (!config.sandbox) return undefined;
  const base = `${config.appUrl}${SANDBOX_MICROSOFT_PATH}`;
  return {
    ...sandboxMicrosoftClient(config.appSecret),
    tenant: 'common',
    authorityUrl: `${base}/common`,
    graphBaseUrl: `${base}/v1.0`,
    redirectUri,
    sandbox: true,
    maxRetryWaitMs: MAX_RETRY_WAIT_MS,
  };
}

/** The sandbox Microsoft for these settings, when they are the sandbox's. */
export function appSandboxMicrosoft(
  config: Pick<AppConfig, 'appUrl'>,
  settings: MicrosoftSettings | undefined,
  clock: Clock,
): SandboxMicrosoft | undefined {
  if (!settings?.sandbox) return undefined;
  return createSandboxMicrosoft({
    clock,
    baseUrl: `${config.appUrl}${SANDBOX_MICROSOFT_PATH}`,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    redirectUris: [settings.redirectUri],
  });
}
