import type { InvitationPreview } from '@prospector/contracts';
import { type AppDb, users, workspaceInvitations, workspaces } from '@prospector/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { hashToken } from '../auth/tokens';

export const INVITATION_NOT_FOUND = 'Invitation not found';

/** `${appUrl}/invitations/<token>`, whatever trailing slash APP_URL has. */
export function invitationLink(appUrl: string, token: string): string {
  return new URL(`invitations/${token}`, appUrl.endsWith('/') ? appUrl : `${appUrl}/`).toString();
}

/** The inviter's name as the invitee reads it; empty once their account is gone. */
export const inviterName = sql<string>`coalesce(${users.fullName}, '')`;

/** An invitation with what its page and its email show, looked up by id or by the token's hash. */
export async function findInvitation(db: AppDb, by: { id: string } | { token: string }) {
  const [row] = await db
    .select({
      id: workspaceInvitations.id,
      workspaceId: workspaceInvitations.workspaceId,
      workspaceName: workspaces.name,
      email: workspaceInvitations.email,
      role: workspaceInvitations.role,
      invitedByName: inviterName,
      expiresAt: workspaceInvitations.expiresAt,
      acceptedAt: workspaceInvitations.acceptedAt,
      revokedAt: workspaceInvitations.revokedAt,
    })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .where(
      and(
        'id' in by
          ? eq(workspaceInvitations.id, by.id)
          : eq(workspaceInvitations.tokenHash, hashToken(by.token)),
        isNull(workspaces.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Revoked and used come before expired: what happened to a link matters more than its age. */
export function invitationStatus(
  row: { expiresAt: Date; acceptedAt: Date | null; revokedAt: Date | null },
  now: Date,
): InvitationPreview['status'] {
  if (row.revokedAt) return 'revoked';
  if (row.acceptedAt) return 'accepted';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'pending';
}
