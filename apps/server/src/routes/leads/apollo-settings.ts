import { createHmac } from 'node:crypto';
import { type ApolloSettings, type Clock, SANDBOX_APOLLO_PATH } from '@prospector/core';
import { createSandboxApollo, inProcessApolloFetch, type SandboxApollo } from '@prospector/sandbox';
import type { AppConfig } from '../../config';

type ApolloConfig = Pick<AppConfig, 'appUrl' | 'appSecret' | 'sandbox' | 'apollo'>;

/** The key the app presents to its own sandbox Apollo (derived from APP_SECRET, never shown). */
export function sandboxApolloKey(appSecret: string): string {
  return createHmac('sha256', appSecret).update('sandbox-apollo-key').digest('base64url');
}

/** The sandbox Apollo of this process when SANDBOX=on (its people database is built once per process). */
export function appSandboxApollo(config: ApolloConfig, clock: Clock): SandboxApollo | undefined {
  if (!config.sandbox) return undefined;
  return createSandboxApollo({
    clock,
    baseUrl: `${config.appUrl}${SANDBOX_APOLLO_PATH}`,
    requestsPerMinute: config.apollo.sandboxRequestsPerMinute,
    requestsPerHour: config.apollo.sandboxRequestsPerHour,
    requestsPerDay: config.apollo.sandboxRequestsPerDay,
    creditsPerKey: config.apollo.sandboxCreditsPerKey,
  });
}

/** Apollo for the core: users' keys against APOLLO_API_BASE_URL, and the sandbox when it is on. */
export function apolloSettings(config: ApolloConfig, sandbox: SandboxApollo | undefined): ApolloSettings {
  const base = `${config.appUrl}${SANDBOX_APOLLO_PATH}`;
  if (!sandbox) return { apiBaseUrl: config.apollo.apiBaseUrl };
  return {
    apiBaseUrl: config.apollo.apiBaseUrl,
    sandbox: { baseUrl: base, apiKey: sandboxApolloKey(config.appSecret) },
    // The app reaches its own sandbox in process; other URLs (a user's key on Apollo) go over HTTP.
    fetch: inProcessApolloFetch(sandbox, base),
  };
}
