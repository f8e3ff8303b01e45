import type { Member } from '@prospector/contracts';
import { type AppDb, users, workspaceMembers } from '@prospector/db';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../app-error';

export const MEMBER_NOT_FOUND = 'Member not found';
export const LAST_OWNER = 'A workspace needs at least one owner';

const memberColumns = {
  userId: workspaceMembers.userId,
  fullName: users.fullName,
  email: users.email,
  role: workspaceMembers.role,
  joinedAt: workspaceMembers.createdAt,
};
type MemberRow = { userId: string; fullName: string; email: string; role: Member['role']; joinedAt: Date };

export function toMember(row: MemberRow, viewerId: string): Member {
  return { ...row, joinedAt: row.joinedAt.toISOString(), isYou: row.userId === viewerId };
}

/** Everyone in a workspace, longest-standing first. */
export async function memberRows(db: AppDb, workspaceId: string): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.createdAt), asc(workspaceMembers.userId));
}

/** One member of the workspace, or 404. */
export async function requireMemberRow(db: AppDb, workspaceId: string, userId: string): Promise<MemberRow> {
  const [row] = await db
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
  return row;
}

/**
 * Refuses to take away the workspace's last owner. The owners' rows stay locked until the transaction ends,
 * so two owners demoting each other at once cannot both succeed.
 */
export async function keepAnotherOwner(tx: AppDb, workspaceId: string, leavingUserId: string): Promise<void> {
  const owners = await tx
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')))
    .orderBy(asc(workspaceMembers.userId))
    .for('update');
  if (!owners.some((owner) => owner.userId !== leavingUserId)) throw new AppError('CONFLICT', LAST_OWNER);
}
