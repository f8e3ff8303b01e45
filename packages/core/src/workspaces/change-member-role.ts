import type { Member } from '@prospector/contracts';
import { workspaceMembers } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { keepAnotherOwner, requireMemberRow, toMember } from './member-rows';
import { recordActivity } from './record-activity';
import { requireMembership } from './require-membership';
import { roleRefusal, type WorkspaceRole } from './roles';

/**
 * An admin or owner changes a member's role. Only an owner makes someone an owner or changes an owner's
 * role; ownership is handed on by making another member owner, after which the old owner may step down.
 */
export async function changeMemberRole(
  deps: CoreDeps,
  actorId: string,
  workspaceId: string,
  memberId: string,
  role: WorkspaceRole,
): Promise<Member> {
  const actor = await requireMembership(deps.db, workspaceId, actorId, 'admin');
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const member = await requireMemberRow(tx, workspaceId, memberId);
    if ((role === 'owner' || member.role === 'owner') && actor.role !== 'owner') {
      throw new AppError('FORBIDDEN', roleRefusal('owner'), undefined, {
        requiredRole: 'owner',
        role: actor.role,
      });
    }
    if (member.role === role) return toMember(member, actorId);
    if (member.role === 'owner') await keepAnotherOwner(tx, workspaceId, memberId);
    await tx
      .update(workspaceMembers)
      .set({ role })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, memberId)));
    await recordActivity(tx, now, {
      workspaceId,
      actorId,
      action: 'member.role_changed',
      subjectType: 'member',
      subjectId: memberId,
      subjectName: member.fullName || member.email,
    });
    return toMember({ ...member, role }, actorId);
  });
}
