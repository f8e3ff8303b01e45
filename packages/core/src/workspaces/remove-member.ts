import { workspaceMembers } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { SessionIdentity } from '../auth/session-store';
import type { CoreDeps } from '../deps';
import { keepAnotherOwner, requireMemberRow } from './member-rows';
import { recordActivity } from './record-activity';
import { requireMembership } from './require-membership';
import { roleRefusal } from './roles';
import { chooseSessionWorkspace } from './session-workspace';

/**
 * Takes a person out of a workspace: an admin or owner removes someone, anyone may leave. Access ends at
 * once, since every request checks the membership of the session's workspace; the account stays.
 */
export async function removeMember(
  deps: CoreDeps,
  identity: SessionIdentity,
  workspaceId: string,
  memberId: string,
): Promise<void> {
  const leaving = memberId === identity.userId;
  const actor = await requireMembership(deps.db, workspaceId, identity.userId, leaving ? 'viewer' : 'admin');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const member = await requireMemberRow(tx, workspaceId, memberId);
    if (member.role === 'owner' && !leaving && actor.role !== 'owner') {
      throw new AppError('FORBIDDEN', roleRefusal('owner'), undefined, {
        requiredRole: 'owner',
        role: actor.role,
      });
    }
    if (member.role === 'owner') await keepAnotherOwner(tx, workspaceId, memberId);
    await tx
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, memberId)));
    await recordActivity(tx, now, {
      workspaceId,
      actorId: identity.userId,
      action: leaving ? 'member.left' : 'member.removed',
      subjectType: 'member',
      subjectId: memberId,
      subjectName: member.fullName || member.email,
    });
  });
  // Someone leaving the workspace they work in moves on to their own rather than being told they lost it.
  if (leaving && identity.workspaceId === workspaceId)
    await chooseSessionWorkspace(deps.db, identity.sessionId, null);
}
