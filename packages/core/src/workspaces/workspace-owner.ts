import { type AppDb, users, workspaceMembers } from '@prospector/db';
import { and, asc, eq } from 'drizzle-orm';

/**
 * The person who speaks for a workspace where no one in particular acts (an email check with no mailbox,
 * the answer writer's signature): its longest-standing owner.
 */
export async function workspaceOwner(
  db: AppDb,
  workspaceId: string,
): Promise<{ name: string; email: string } | undefined> {
  const [owner] = await db
    .select({ name: users.fullName, email: users.email })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')))
    .orderBy(asc(workspaceMembers.createdAt))
    .limit(1);
  return owner;
}
