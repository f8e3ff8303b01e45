import { workspaceInvitations } from '@prospector/db';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { INVITATION_NOT_FOUND } from './invitation-rows';
import { recordActivity } from './record-activity';
import { requireMembership } from './require-membership';

/** An admin or owner withdraws an invitation that has not been used; its link stops working at once. */
export async function revokeInvitation(
  deps: CoreDeps,
  actorId: string,
  workspaceId: string,
  invitationId: string,
): Promise<void> {
  await requireMembership(deps.db, workspaceId, actorId, 'admin');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(workspaceInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(workspaceInvitations.id, invitationId),
          eq(workspaceInvitations.workspaceId, workspaceId),
          isNull(workspaceInvitations.acceptedAt),
          isNull(workspaceInvitations.revokedAt),
        ),
      )
      .returning({ id: workspaceInvitations.id, email: workspaceInvitations.email });
    if (!row) throw new AppError('NOT_FOUND', INVITATION_NOT_FOUND);
    await recordActivity(tx, now, {
      workspaceId,
      actorId,
      action: 'invitation.revoked',
      subjectType: 'invitation',
      subjectId: row.id,
      subjectName: row.email,
    });
  });
}
