import type { WorkspaceListItem } from '@prospector/contracts';
import { type AppDb, workspaceMembers, workspaces } from '@prospector/db';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';

/**
 * The person's workspaces as the switcher shows them (oldest first, with their role and head count), or
 * just the one `workspaceId` names. `currentWorkspaceId` is the one the session works in.
 */
export async function workspaceListItems(
  db: AppDb,
  userId: string,
  currentWorkspaceId: string | null,
  workspaceId?: string,
): Promise<WorkspaceListItem[]> {
  const conditions: SQL[] = [eq(workspaceMembers.userId, userId), isNull(workspaces.deletedAt)];
  if (workspaceId) conditions.push(eq(workspaces.id, workspaceId));
  const rows = await db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      role: workspaceMembers.role,
      createdAt: workspaces.createdAt,
      memberCount: sql<number>`(select count(*)::int from ${workspaceMembers} m
        where m.workspace_id = ${workspaces.id})`,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(...conditions))
    .orderBy(asc(workspaces.createdAt), asc(workspaces.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    current: row.id === currentWorkspaceId,
    memberCount: Number(row.memberCount),
  }));
}

/** One workspace as its member sees it; only called once membership is established. */
export async function workspaceListItem(
  db: AppDb,
  userId: string,
  currentWorkspaceId: string | null,
  workspaceId: string,
): Promise<WorkspaceListItem> {
  const [item] = await workspaceListItems(db, userId, currentWorkspaceId, workspaceId);
  if (!item) throw new Error(`workspace ${workspaceId} vanished while being read`);
  return item;
}
