import type { GoogleIntegration } from '@prospector/contracts';
import { integrations, workspaces } from '@prospector/db';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import { decryptSecret, encryptSecret } from '../crypto/secret-box';
import type { CoreDeps } from '../deps';
import { requireGoogle } from '../google/google-settings';
import type { IdTokenClaims, TokenSet } from '../google/oauth-client';
import { revokeToken } from '../google/oauth-client';

const GOOGLE = 'google';
export const NO_GOOGLE_INTEGRATION = 'Google Workspace is not connected';

const ofUser = (workspaceId: string) =>
  and(eq(integrations.workspaceId, workspaceId), eq(integrations.type, GOOGLE));

/** The Workspace connection from /integrations/gsuite: one 'google' integration row, tokens encrypted. */
export async function saveGoogleIntegration(
  deps: CoreDeps,
  workspaceId: string,
  tokens: TokenSet,
  claims: IdTokenClaims,
): Promise<void> {
  const { google, appSecret } = requireGoogle(deps);
  const now = deps.clock.now();
  const accessToken = encryptSecret(tokens.accessToken, appSecret);
  const values = {
    status: 'connected' as const,
    accessToken,
    refreshToken: tokens.refreshToken ? encryptSecret(tokens.refreshToken, appSecret) : null,
    tokenExpiresAt: tokens.expiresAt,
    userEmail: claims.email?.toLowerCase() ?? null,
    userData: {
      googleUserId: claims.sub,
      name: claims.name ?? null,
      hd: claims.hd ?? null,
      sandbox: google.sandbox,
    },
    scopes: tokens.scopes,
    updatedAt: now,
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(integrations)
      .values({ ...values, workspaceId, type: GOOGLE, createdAt: now })
      .onConflictDoUpdate({
        target: [integrations.workspaceId, integrations.type],
        set: { ...values, refreshToken: sql`coalesce(excluded.refresh_token, ${integrations.refreshToken})` },
      });
    await tx
      .update(workspaces)
      .set({ googleAccessToken: accessToken, updatedAt: now })
      .where(eq(workspaces.id, workspaceId));
  });
}

/** GET /api/integrations/google: the connection, or NOT_FOUND when there is none. */
export async function getGoogleIntegration(deps: CoreDeps, workspaceId: string): Promise<GoogleIntegration> {
  const [row] = await deps.db.select().from(integrations).where(ofUser(workspaceId)).limit(1);
  if (!row || row.status === 'disconnected') throw new AppError('NOT_FOUND', NO_GOOGLE_INTEGRATION);
  return {
    status: row.status,
    userEmail: row.userEmail,
    createdAt: row.createdAt.toISOString(),
    sandbox: row.userData?.sandbox === true,
  };
}

/** DELETE /api/integrations/google: revokes the grant at Google (best effort) and forgets it. */
export async function deleteGoogleIntegration(
  deps: CoreDeps,
  workspaceId: string,
): Promise<{ success: true }> {
  const [row] = await deps.db.select().from(integrations).where(ofUser(workspaceId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', NO_GOOGLE_INTEGRATION);
  const token = row.refreshToken ?? row.accessToken;
  if (deps.google && deps.appSecret && token && (row.userData?.sandbox === true) === deps.google.sandbox) {
    await revokeToken(deps.google, decryptSecret(token, deps.appSecret)).catch(() => false);
  }
  await deps.db.transaction(async (tx) => {
    await tx.delete(integrations).where(ofUser(workspaceId));
    await tx
      .update(workspaces)
      .set({ googleAccessToken: null, updatedAt: deps.clock.now() })
      .where(eq(workspaces.id, workspaceId));
  });
  return { success: true };
}
