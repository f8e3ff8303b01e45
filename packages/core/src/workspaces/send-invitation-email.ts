import { INVITATION_TTL_DAYS } from '@prospector/contracts';
import { requireAppSecret } from '../crypto/app-secret';
import { decryptSecret } from '../crypto/secret-box';
import type { CoreDeps } from '../deps';
import type { SystemMailer } from '../mail/system-mailer';
import { findInvitation, invitationLink, invitationStatus } from './invitation-rows';

/**
 * Worker side of an invitation: mails the link to the invited address, unless the invitation was revoked,
 * used or expired (or its workspace deleted) before the job ran.
 */
export async function sendInvitationEmail(
  deps: CoreDeps & { mailer: SystemMailer; appUrl: string },
  job: { invitationId: string; sealedToken: string },
): Promise<{ sent: boolean }> {
  const invitation = await findInvitation(deps.db, { id: job.invitationId });
  if (!invitation || invitationStatus(invitation, deps.clock.now()) !== 'pending') return { sent: false };
  const token = decryptSecret(job.sealedToken, requireAppSecret(deps));
  await deps.mailer.sendInvitation({
    to: invitation.email,
    inviterName: invitation.invitedByName,
    workspaceName: invitation.workspaceName,
    role: invitation.role,
    url: invitationLink(deps.appUrl, token),
    expiresInDays: INVITATION_TTL_DAYS,
  });
  return { sent: true };
}
