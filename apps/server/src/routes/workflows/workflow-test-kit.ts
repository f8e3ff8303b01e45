import type { CoreDeps, createManualClock } from '@prospector/core';
import type { AppDb } from '@prospector/db';
import { createSandboxApollo, inProcessApolloFetch } from '@prospector/sandbox';

export const SANDBOX_APOLLO_URL = 'http://apollo.test/sandbox/apollo';

/** Core deps whose Apollo is a sandbox in process (20,000 people), with sleeps that move the clock. */
export function workflowDeps(
  db: AppDb,
  clock: ReturnType<typeof createManualClock>,
  limits: { requestsPerHour?: number } = {},
) {
  const apollo = createSandboxApollo({ clock, baseUrl: SANDBOX_APOLLO_URL, peopleCount: 20_000, ...limits });
  const deps: CoreDeps = {
    db,
    clock,
    appSecret: 'test-app-secret-test-app-secret-test',
    apollo: {
      apiBaseUrl: SANDBOX_APOLLO_URL,
      sandbox: { baseUrl: SANDBOX_APOLLO_URL, apiKey: 'sandbox-key' },
      fetch: inProcessApolloFetch(apollo, SANDBOX_APOLLO_URL),
      sleep: async (ms) => clock.advance(ms),
    },
  };
  return { deps, apollo };
}
