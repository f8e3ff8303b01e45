import { type AppDb, type SessionData, userSessions } from '@prospector/db';
import { and, eq, gt, lte, ne } from 'drizzle-orm';
import { DAY_MS } from '../clock';
import { generateToken, hashToken } from './tokens';

export const SESSION_TTL_MS = 30 * DAY_MS;

/** What the HTTP layer puts in the cookie: the token itself (only its hash is stored) and its expiry. */
export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

/** A signed-in request: the user, and the stored id of the session it came with. */
export interface SessionIdentity {
  userId: string;
  sessionId: string;
}

/** A fresh session: 32 random bytes in the cookie, their SHA-256 as user_sessions.sid. */
export async function createSession(
  db: AppDb,
  userId: string,
  now: Date,
  meta: SessionData = {},
): Promise<IssuedSession> {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(userSessions).values({ sid: hashToken(token), userId, sess: meta, expire: expiresAt });
  // Housekeeping that needs no scheduler: this user's expired sessions go when a new one starts.
  await db.delete(userSessions).where(and(eq(userSessions.userId, userId), lte(userSessions.expire, now)));
  return { token, expiresAt };
}

/** The session a cookie token stands for, if it exists and has not expired. */
export async function findSession(db: AppDb, token: string, now: Date): Promise<SessionIdentity | undefined> {
  const [row] = await db
    .select({ userId: userSessions.userId, sessionId: userSessions.sid })
    .from(userSessions)
    .where(and(eq(userSessions.sid, hashToken(token)), gt(userSessions.expire, now)))
    .limit(1);
  return row;
}

export async function deleteSessionByToken(db: AppDb, token: string): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.sid, hashToken(token)));
}

/** Signs a user out everywhere (after a password reset). */
export async function endAllSessions(db: AppDb, userId: string): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.userId, userId));
}

/** Signs a user out everywhere but the session making the request (after a password change). */
export async function endOtherSessions(db: AppDb, userId: string, keepSessionId: string): Promise<void> {
  await db
    .delete(userSessions)
    .where(and(eq(userSessions.userId, userId), ne(userSessions.sid, keepSessionId)));
}
