import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { APOLLO_NOT_MASTER_KEY, ApolloApiError } from './apollo-client';
import { apolloClientFor } from './connect-apollo';

export const SAVE_KEY_FAILED = 'Failed to save API key';

/**
 * Tries a key with the cheapest call Apollo documents (a one-person search, which spends no credits)
 * before it is saved. A rejected or unreachable key is 'Failed to save API key: <Apollo's reason>'; a
 * rate-limited answer means Apollo knew the key, so it is accepted. A key that is not a master key is
 * refused with what to do about it.
 */
export async function checkApolloKey(deps: CoreDeps, apiKey: string): Promise<void> {
  if (!deps.apollo) return;
  const apollo = apolloClientFor(deps, { baseUrl: deps.apollo.apiBaseUrl, apiKey });
  try {
    await apollo.searchPeople({ page: 1, per_page: 1 });
  } catch (error) {
    if (!(error instanceof ApolloApiError)) throw error;
    if (error.code === 'RATE_LIMITED') return;
    if (error.message === APOLLO_NOT_MASTER_KEY)
      throw new AppError('BAD_REQUEST', `${SAVE_KEY_FAILED}: ${error.message}`);
    throw new AppError('BAD_REQUEST', `${SAVE_KEY_FAILED}: ${error.reason}`);
  }
}
