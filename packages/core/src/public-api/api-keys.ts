import { randomBytes } from 'node:crypto';
import type { ApiKeyCreated, ApiKeyView, ApiScope } from '@prospector/contracts';
import { apiKeys } from '@prospector/db';
import { and, desc, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import { hashToken } from '../auth/tokens';
import type { CoreDeps } from '../deps';

export const API_KEY_PREFIX = 'pk_live_';
export const API_KEY_NOT_FOUND = 'API key not found';
/** How many characters of the key the settings page shows. */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 4;

type ApiKeyRow = typeof apiKeys.$inferSelect;

function toView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiScope[],
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** A new key: `pk_live_` and 32 random bytes; only its SHA-256 is kept. The answer is the only copy. */
export async function createApiKey(
  deps: CoreDeps,
  workspaceId: string,
  input: { name: string; scopes: ApiScope[] },
): Promise<ApiKeyCreated> {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await deps.db
    .insert(apiKeys)
    .values({
      workspaceId,
      name: input.name,
      scopes: [...new Set(input.scopes)],
      prefix: key.slice(0, SHOWN_CHARACTERS),
      keyHash: hashToken(key),
      createdAt: deps.clock.now(),
    })
    .returning();
  return { ...toView(row!), key };
}

export async function listApiKeys(deps: CoreDeps, workspaceId: string): Promise<ApiKeyView[]> {
  const rows = await deps.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.workspaceId, workspaceId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toView);
}

/** Revoking deletes the key: the next request with it is a 401. */
export async function revokeApiKey(deps: CoreDeps, workspaceId: string, id: string): Promise<void> {
  const rows = await deps.db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, workspaceId)))
    .returning({ id: apiKeys.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND', API_KEY_NOT_FOUND);
}
