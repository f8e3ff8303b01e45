import { type AppDb, userSessions, workspaceMembers, workspaces } from '@prospector/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { WorkspaceRole } from './roles';

export interface WorkspaceMembership {
  workspaceId: string;
  role: WorkspaceRole;
}

/** A person's role in a workspace, if they belong to it and it is not being deleted. */
export async function findMembership(
  db: AppDb,
  workspaceId: string,
  userId: string,
): Promise<WorkspaceMembership | undefined> {
  const [row] = await db
    .select({ workspaceId: workspaceMembers.workspaceId, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.userId, userId),
        isNull(workspaces.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Where a person lands when no workspace is chosen: the one they own that is oldest, else the oldest. */
export async function firstMembership(db: AppDb, userId: string): Promise<WorkspaceMembership | undefined> {
  const [row] = await db
    .select({ workspaceId: workspaceMembers.workspaceId, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), isNull(workspaces.deletedAt)))
    .orderBy(sql`${workspaceMembers.role} = 'owner' desc`, asc(workspaceMembers.createdAt))
    .limit(1);
  return row;
}

/** Records the workspace a session works in from now on. */
export async function chooseSessionWorkspace(db: AppDb, sessionId: string, workspaceId: string | null) {
  await db
    .update(userSessions)
    .set({
      sess:
        workspaceId === null
          ? sql`${userSessions.sess} - 'workspaceId'`
          : sql`${userSessions.sess} || jsonb_build_object('workspaceId', ${workspaceId}::text)`,
    })
    .where(eq(userSessions.sid, sessionId));
}
