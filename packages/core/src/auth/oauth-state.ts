import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type AppDb, userSessions } from '@prospector/db';
import { eq, sql } from 'drizzle-orm';

/** What a consent round trip was started for; it decides where the account lands and where we return. */
export type ConnectPurpose = 'gmail' | 'gsuite' | 'microsoft';

export function newOAuthState(purpose: ConnectPurpose): string {
  return `${purpose}.${randomBytes(24).toString('base64url')}`;
}

export const purposeOf = (state: string): ConnectPurpose | undefined => {
  const purpose = state.split('.')[0];
  return purpose === 'gmail' || purpose === 'gsuite' || purpose === 'microsoft' ? purpose : undefined;
};

/** Binds the state to the signed-in session (user_sessions.sess.oauthState). */
export async function saveOAuthState(db: AppDb, sessionId: string, state: string): Promise<void> {
  await db
    .update(userSessions)
    .set({ sess: sql`${userSessions.sess} || ${JSON.stringify({ oauthState: state })}::jsonb` })
    .where(eq(userSessions.sid, sessionId));
}

/** Takes the session's state away (single use) and says whether it matches the one Google sent back. */
export async function takeOAuthState(db: AppDb, sessionId: string, returned: string): Promise<boolean> {
  const stored = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ sess: userSessions.sess })
      .from(userSessions)
      .where(eq(userSessions.sid, sessionId))
      .for('update');
    if (!row?.sess.oauthState) return undefined;
    const { oauthState, ...rest } = row.sess;
    await tx.update(userSessions).set({ sess: rest }).where(eq(userSessions.sid, sessionId));
    return oauthState;
  });
  if (!stored || stored.length !== returned.length) return false;
  return timingSafeEqual(Buffer.from(stored), Buffer.from(returned));
}

/** The PKCE verifier of a consent round trip, derived from its state so nothing else must be stored (the
 * prefix is historical: changing it would break a round trip in flight). */
export function pkceVerifier(state: string, appSecret: string): string {
  return createHmac('sha256', appSecret).update(`google-pkce:${state}`).digest('base64url');
}
