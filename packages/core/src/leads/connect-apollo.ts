import type { CoreDeps } from '../deps';
import { type ApolloClient, createApolloClient } from './apollo-client';
import { resolveApolloConnection } from './apollo-connection';
import { type ApolloConnection, type ApolloRetryPolicy, INTERACTIVE_APOLLO_RETRY } from './apollo-settings';

/** A client for a connection, with the app's transport, sleep and clock. */
export function apolloClientFor(
  deps: CoreDeps,
  connection: Pick<ApolloConnection, 'baseUrl' | 'apiKey'>,
  retry: ApolloRetryPolicy = INTERACTIVE_APOLLO_RETRY,
): ApolloClient {
  return createApolloClient(connection, {
    fetch: deps.apollo?.fetch,
    sleep: deps.apollo?.sleep,
    retry,
    now: () => deps.clock.now().getTime(),
  });
}

/** The Apollo client for this user: their own key, else the sandbox, else 'Add your Apollo API key...'. */
export async function connectApollo(
  deps: CoreDeps,
  workspaceId: string,
  retry: ApolloRetryPolicy = INTERACTIVE_APOLLO_RETRY,
): Promise<ApolloClient> {
  return apolloClientFor(deps, await resolveApolloConnection(deps, workspaceId), retry);
}
