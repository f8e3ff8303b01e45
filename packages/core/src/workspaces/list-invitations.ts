import type { Invitation } from '@prospector/contracts';
import { users, workspaceInvitations } from '@prospector/db';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { inviterName } from './invitation-rows';
import { requireMembership } from './require-membership';

/** The invitations still waiting for an answer (not used, revoked or expired), oldest first; admin or owner. */
export async function listInvitations(
  deps: CoreDeps,
  actorId: string,
  workspaceId: string,
): Promise<Invitation[]> {
  await requireMembership(deps.db, workspaceId, actorId, 'admin');
  const rows = await deps.db
    .select({
      id: workspaceInvitations.id,
      email: workspaceInvitations.email,
      role: workspaceInvitations.role,
      invitedByName: inviterName,
      expiresAt: workspaceInvitations.expiresAt,
      createdAt: workspaceInvitations.createdAt,
    })
    .from(workspaceInvitations)
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        isNull(workspaceInvitations.acceptedAt),
        isNull(workspaceInvitations.revokedAt),
        gt(workspaceInvitations.expiresAt, deps.clock.now()),
      ),
    )
    .orderBy(asc(workspaceInvitations.createdAt), asc(workspaceInvitations.id));
  return rows.map((row) => ({
    ...row,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }));
}
