import type { ApiScope } from '@prospector/contracts';
import { apiKeys } from '@prospector/db';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { hashToken } from '../auth/tokens';
import type { CoreDeps } from '../deps';
import { API_KEY_PREFIX } from './api-keys';

/** Who a Bearer key signs in: its user, the key and its scopes. */
export interface ApiKeyIdentity {
  workspaceId: string;
  keyId: string;
  keyName: string;
  scopes: ApiScope[];
}

/** last_used_at is written at most this often per key, so a busy key does not write on every request. */
const LAST_USED_PRECISION_MS = 60_000;

export async function resolveApiKey(deps: CoreDeps, key: string | undefined): Promise<ApiKeyIdentity | null> {
  if (!key?.startsWith(API_KEY_PREFIX) || key.length > 200) return null;
  const [row] = await deps.db
    .select({ id: apiKeys.id, name: apiKeys.name, workspaceId: apiKeys.workspaceId, scopes: apiKeys.scopes })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, hashToken(key)))
    .limit(1);
  if (!row) return null;
  const now = deps.clock.now();
  await deps.db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, row.id),
        or(
          isNull(apiKeys.lastUsedAt),
          lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_PRECISION_MS)),
        ),
      ),
    );
  return { workspaceId: row.workspaceId, keyId: row.id, keyName: row.name, scopes: row.scopes as ApiScope[] };
}
