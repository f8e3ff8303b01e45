import type { CoreDeps, createManualClock } from '@prospector/core';
import type { AppDb } from '@prospector/db';
import { createSandboxApollo, type SandboxApollo } from '@prospector/sandbox';

/**
 * A fetch that serves requests below `mount` from a sandbox Apollo in process, so core tests exercise the
 * real Apollo client and wire protocol without a listening server.
 */
export function sandboxApolloFetch(apollo: SandboxApollo, mount: string): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!url.href.startsWith(mount)) throw new TypeError(`fetch failed: no route to ${url.origin}`);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const answer = apollo.handle({
      method: init?.method ?? 'GET',
      path: url.href.slice(mount.length).split('?')[0] ?? '/',
      query: Object.fromEntries(url.searchParams),
      headers,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? null);
    return new Response(text, {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
}

export const SANDBOX_APOLLO_URL = 'http://apollo.test/sandbox/apollo';

/** Core deps whose Apollo is a sandbox in process (20,000 people), with sleeps that move the clock. */
export function workflowDeps(db: AppDb, clock: ReturnType<typeof createManualClock>) {
  const apollo = createSandboxApollo({ clock, baseUrl: SANDBOX_APOLLO_URL, peopleCount: 20_000 });
  const deps: CoreDeps = {
    db,
    clock,
    appSecret: 'test-app-secret-test-app-secret-test',
    apollo: {
      apiBaseUrl: SANDBOX_APOLLO_URL,
      sandbox: { baseUrl: SANDBOX_APOLLO_URL, apiKey: 'sandbox-key' },
      fetch: sandboxApolloFetch(apollo, SANDBOX_APOLLO_URL),
      sleep: async (ms) => clock.advance(ms),
    },
  };
  return { deps, apollo };
}
