import { RESET_TOKEN_TTL_MINUTES } from '@prospector/contracts';
import { type AppDb, passwordResetTokens } from '@prospector/db';
import { and, eq, gt } from 'drizzle-orm';
import { MINUTE_MS } from '../clock';
import { generateToken, hashToken } from './tokens';

export const RESET_TOKEN_TTL_MS = RESET_TOKEN_TTL_MINUTES * MINUTE_MS;

/** Stores a new reset token for the user (only its SHA-256) and returns the token for the link. */
export async function createResetToken(db: AppDb, userId: string, now: Date): Promise<string> {
  const token = generateToken();
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    createdAt: now,
  });
  return token;
}

/**
 * Marks a valid token used and returns its user. One guarded UPDATE, so two requests racing with the same
 * token cannot both succeed. Undefined for unknown, used and expired tokens alike.
 */
export async function claimResetToken(db: AppDb, token: string, now: Date): Promise<string | undefined> {
  const t = passwordResetTokens;
  const [row] = await db
    .update(t)
    .set({ used: true })
    .where(and(eq(t.tokenHash, hashToken(token)), eq(t.used, false), gt(t.expiresAt, now)))
    .returning({ userId: t.userId });
  return row?.userId;
}

/** After a reset, older links of the same user stop working too. */
export async function retireResetTokens(db: AppDb, userId: string): Promise<void> {
  const t = passwordResetTokens;
  await db
    .update(t)
    .set({ used: true })
    .where(and(eq(t.userId, userId), eq(t.used, false)));
}
