import { type AppDb, type SessionData, userSessions } from '@prospector/db';
import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import { DAY_MS } from '../clock';
import type { WorkspaceMembership } from '../workspaces/session-workspace';
import { generateToken, hashToken } from './tokens';

export const SESSION_TTL_MS = 30 * DAY_MS;

/** What the HTTP layer puts in the cookie: the token itself (only its hash is stored) and its expiry. */
export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

/** A stored session: whose it is, and the workspace it chose (if any). */
export interface StoredSession {
  userId: string;
  sessionId: string;
  chosenWorkspaceId?: string;
}

/** A signed-in request: the person, their session, and the workspace they work in with their role there. */
export interface SessionIdentity extends WorkspaceMembership {
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
export async function findSession(db: AppDb, token: string, now: Date): Promise<StoredSession | undefined> {
  const [row] = await db
    .select({
      userId: userSessions.userId,
      sessionId: userSessions.sid,
      chosenWorkspaceId: sql<string | undefined>`${userSessions.sess} ->> 'workspaceId'`,
    })
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
