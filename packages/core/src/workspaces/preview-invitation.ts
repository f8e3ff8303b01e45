import type { InvitationPreview } from '@prospector/contracts';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { findInvitation, INVITATION_NOT_FOUND, invitationStatus } from './invitation-rows';

/** What an invitation link's page shows, to anyone holding the link, signed in or not. */
export async function previewInvitation(deps: CoreDeps, token: string): Promise<InvitationPreview> {
  const invitation = await findInvitation(deps.db, { token });
  if (!invitation) throw new AppError('NOT_FOUND', INVITATION_NOT_FOUND);
  return {
    workspaceName: invitation.workspaceName,
    role: invitation.role,
    email: invitation.email,
    invitedByName: invitation.invitedByName,
    status: invitationStatus(invitation, deps.clock.now()),
  };
}
