import type { ApolloKeyStatus, ApolloToggleInput } from '@prospector/contracts';
import { workspaces } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import { requireAppSecret } from '../crypto/app-secret';
import { decryptSecret } from '../crypto/secret-box';
import type { CoreDeps } from '../deps';

/** `••••••••abcd`: enough to recognise a key, never enough to use it. */
export function maskKey(key: string): string {
  return `${'•'.repeat(8)}${key.length > 8 ? key.slice(-4) : ''}`;
}

/** The stored Apollo key of a user: the store knows nothing of Apollo's client, which depends on it. */
async function load(deps: CoreDeps, workspaceId: string) {
  const [row] = await deps.db
    .select({ key: workspaces.apolloApiKey, enabled: workspaces.apolloApiKeyEnabled })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return row;
}

function status(deps: CoreDeps, row: { key: string | null; enabled: boolean }): ApolloKeyStatus {
  if (!row.key) return { hasKey: false, maskedKey: null, enabled: row.enabled };
  return {
    hasKey: true,
    maskedKey: maskKey(decryptSecret(row.key, requireAppSecret(deps))),
    enabled: row.enabled,
  };
}

export async function getApolloKey(deps: CoreDeps, workspaceId: string): Promise<ApolloKeyStatus> {
  return status(deps, await load(deps, workspaceId));
}

/** PATCH /api/integrations/apollo/toggle: `{ enabled }`. */
export async function toggleApolloKey(deps: CoreDeps, workspaceId: string, input: ApolloToggleInput) {
  const row = await load(deps, workspaceId);
  if (!row.key) throw new AppError('BAD_REQUEST', 'Save an Apollo API key first');
  await deps.db
    .update(workspaces)
    .set({ apolloApiKeyEnabled: input.enabled, updatedAt: deps.clock.now() })
    .where(eq(workspaces.id, workspaceId));
  return { success: true, enabled: input.enabled };
}

/** The plain key for the leads client, when one is saved and enabled. */
export async function activeApolloKey(deps: CoreDeps, workspaceId: string): Promise<string | null> {
  const row = await load(deps, workspaceId);
  return row.key && row.enabled ? decryptSecret(row.key, requireAppSecret(deps)) : null;
}
