import type { ApolloKeyInput } from '@prospector/contracts';
import { workspaces } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { requireAppSecret } from '../crypto/app-secret';
import { encryptSecret } from '../crypto/secret-box';
import type { CoreDeps } from '../deps';
import { getApolloKey } from './apollo-key';
import { checkApolloKey } from './check-apollo-key';

/**
 * PUT /api/integrations/apollo: tries the key against Apollo, then stores it encrypted (and enables it);
 * answers it masked.
 */
export async function saveApolloKey(deps: CoreDeps, workspaceId: string, input: ApolloKeyInput) {
  await checkApolloKey(deps, input.apiKey);
  const key = encryptSecret(input.apiKey, requireAppSecret(deps));
  await deps.db
    .update(workspaces)
    .set({ apolloApiKey: key, apolloApiKeyEnabled: true, updatedAt: deps.clock.now() })
    .where(eq(workspaces.id, workspaceId));
  return { success: true, ...(await getApolloKey(deps, workspaceId)) };
}
