import type { User } from '@prospector/contracts';
import { type AppDb, users, workspaces } from '@prospector/db';
import { eq, sql } from 'drizzle-orm';

export type UserRow = typeof users.$inferSelect;

/**
 * The public shape of a user, never the password hash or any stored credential. The default sender is the
 * workspace's, so it is read from the workspace they work in (none for a person without one yet).
 */
export async function toUser(db: AppDb, row: UserRow, workspaceId: string | undefined): Promise<User> {
  const [defaults] = workspaceId
    ? await db
        .select({
          defaultSenderAccountId: workspaces.defaultSenderAccountId,
          defaultSendAsEmail: workspaces.defaultSendAsEmail,
        })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId))
    : [];
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    createdAt: row.createdAt.toISOString(),
    defaultSenderAccountId: defaults?.defaultSenderAccountId ?? null,
    defaultSendAsEmail: defaults?.defaultSendAsEmail ?? null,
  };
}

/** Emails are compared case-insensitively, matching the unique index on lower(email). */
export async function findUserByEmail(db: AppDb, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row;
}

export async function findUserById(db: AppDb, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts a user; undefined when the email is already taken (the unique index decides, race-free). */
export async function insertUser(
  db: AppDb,
  values: { email: string; fullName: string; passwordHash: string; now: Date },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({
      email: values.email,
      fullName: values.fullName,
      passwordHash: values.passwordHash,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updatePasswordHash(db: AppDb, userId: string, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}
