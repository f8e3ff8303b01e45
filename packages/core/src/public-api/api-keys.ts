import { randomBytes } from 'node:crypto';
import type { ApiKeyCreated, ApiKeyView, ApiScope } from '@prospector/contracts';
import { type AppDb, apiKeys } from '@prospector/db';
import { and, desc, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import { hashToken } from '../auth/tokens';
import type { CoreDeps } from '../deps';
import { type Actor, recordActivityBy } from '../workspaces/actor';

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
  actor: Actor,
  input: { name: string; scopes: ApiScope[] },
): Promise<ApiKeyCreated> {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        workspaceId,
        name: input.name,
        scopes: [...new Set(input.scopes)],
        prefix: key.slice(0, SHOWN_CHARACTERS),
        keyHash: hashToken(key),
        createdBy: actor.userId,
        createdAt: now,
      })
      .returning();
    await recordKeyActivity(tx, now, actor, row!, 'api_key.created');
    return { ...toView(row!), key };
  });
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
export async function revokeApiKey(
  deps: CoreDeps,
  workspaceId: string,
  actor: Actor,
  id: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [revoked] = await tx
      .delete(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, workspaceId)))
      .returning();
    if (!revoked) throw new AppError('NOT_FOUND', API_KEY_NOT_FOUND);
    await recordKeyActivity(tx, deps.clock.now(), actor, revoked, 'api_key.revoked');
  });
}

function recordKeyActivity(
  tx: AppDb,
  at: Date,
  actor: Actor,
  key: ApiKeyRow,
  action: 'api_key.created' | 'api_key.revoked',
) {
  return recordActivityBy(tx, at, actor, {
    workspaceId: key.workspaceId,
    action,
    subjectType: 'api_key',
    subjectId: key.id,
    subjectName: key.name,
  });
}
