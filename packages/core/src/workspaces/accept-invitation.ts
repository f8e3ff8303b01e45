import type { WorkspaceListItem } from '@prospector/contracts';
import { type AppDb, workspaceInvitations, workspaceMembers } from '@prospector/db';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { SessionIdentity } from '../auth/session-store';
import { findUserById } from '../auth/user-store';
import type { CoreDeps } from '../deps';
import { findInvitation, INVITATION_NOT_FOUND, invitationStatus } from './invitation-rows';
import { recordActivity } from './record-activity';
import type { WorkspaceRole } from './roles';
import { chooseSessionWorkspace } from './session-workspace';
import { workspaceListItem } from './workspace-list-items';

export const INVITATION_WRONG_ACCOUNT = 'This invitation was sent to another email address';
const GONE_MESSAGES = {
  expired: 'This invitation has expired',
  accepted: 'This invitation has already been used',
  revoked: 'This invitation was revoked',
} as const;

/**
 * The signed-in invitee joins the workspace with the invitation's role, and their session now works there.
 * The invitation is used once: the update that marks it only matches while it is pending, so of two
 * acceptances at once, one joins and the other is told the link was used. Someone already a member keeps
 * the higher of the two roles.
 */
export async function acceptInvitation(
  deps: CoreDeps,
  identity: SessionIdentity,
  token: string,
): Promise<WorkspaceListItem> {
  const now = deps.clock.now();
  const invitation = await findInvitation(deps.db, { token });
  if (!invitation) throw new AppError('NOT_FOUND', INVITATION_NOT_FOUND);
  refuseUnlessPending(invitationStatus(invitation, now));
  const user = await findUserById(deps.db, identity.userId);
  if (user?.email.toLowerCase() !== invitation.email.toLowerCase()) {
    throw new AppError('FORBIDDEN', INVITATION_WRONG_ACCOUNT);
  }
  const workspaceId = invitation.workspaceId;
  await deps.db.transaction(async (tx) => {
    const [used] = await tx
      .update(workspaceInvitations)
      .set({ acceptedAt: now, acceptedBy: identity.userId })
      .where(
        and(
          eq(workspaceInvitations.id, invitation.id),
          isNull(workspaceInvitations.acceptedAt),
          isNull(workspaceInvitations.revokedAt),
          gt(workspaceInvitations.expiresAt, now),
        ),
      )
      .returning({ id: workspaceInvitations.id });
    if (!used) {
      const latest = await findInvitation(tx, { id: invitation.id });
      refuseUnlessPending(latest ? invitationStatus(latest, now) : 'revoked');
      throw new AppError('GONE', GONE_MESSAGES.accepted);
    }
    return join(tx, {
      workspaceId,
      userId: identity.userId,
      name: user.fullName || user.email,
      role: invitation.role,
      now,
    });
  });
  await chooseSessionWorkspace(deps.db, identity.sessionId, workspaceId);
  return workspaceListItem(deps.db, identity.userId, workspaceId, workspaceId);
}

function refuseUnlessPending(status: keyof typeof GONE_MESSAGES | 'pending'): void {
  if (status !== 'pending') throw new AppError('GONE', GONE_MESSAGES[status]);
}

const RANK = sql.raw(`array['viewer','member','admin','owner']`);

/** Adds the membership, or raises an existing one to the invitation's role when that is higher. */
async function join(
  tx: AppDb,
  entry: { workspaceId: string; userId: string; name: string; role: WorkspaceRole; now: Date },
): Promise<WorkspaceRole> {
  const [before] = await tx
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(
      and(eq(workspaceMembers.workspaceId, entry.workspaceId), eq(workspaceMembers.userId, entry.userId)),
    )
    .for('update');
  const [after] = await tx
    .insert(workspaceMembers)
    .values({ workspaceId: entry.workspaceId, userId: entry.userId, role: entry.role, createdAt: entry.now })
    .onConflictDoUpdate({
      target: [workspaceMembers.workspaceId, workspaceMembers.userId],
      set: {
        role: sql`case when array_position(${RANK}, excluded.role) > array_position(${RANK}, ${workspaceMembers.role}) then excluded.role else ${workspaceMembers.role} end`,
      },
    })
    .returning({ role: workspaceMembers.role });
  const role = after!.role;
  if (before?.role === role) return role;
  await recordActivity(tx, entry.now, {
    workspaceId: entry.workspaceId,
    actorId: entry.userId,
    action: before ? 'member.role_changed' : 'member.joined',
    subjectType: 'member',
    subjectId: entry.userId,
    subjectName: entry.name,
  });
  return role;
}
