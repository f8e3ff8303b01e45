import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { activeApolloKey } from './apollo-key';
import { type ApolloConnection, LIVE_APOLLO_BASE_URL, NO_APOLLO_KEY_MESSAGE } from './apollo-settings';

/**
 * The user's stored and enabled key against Apollo; without one the sandbox Apollo when it is on;
 * else a 400 asking for a key.
 */
export async function resolveApolloConnection(
  deps: CoreDeps,
  workspaceId: string,
): Promise<ApolloConnection> {
  const key = await activeApolloKey(deps, workspaceId);
  if (key) return { baseUrl: deps.apollo?.apiBaseUrl ?? LIVE_APOLLO_BASE_URL, apiKey: key, sandbox: false };
  if (deps.apollo?.sandbox) return { ...deps.apollo.sandbox, sandbox: true };
  throw new AppError('BAD_REQUEST', NO_APOLLO_KEY_MESSAGE);
}
