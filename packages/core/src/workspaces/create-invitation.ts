import {
  type CreatedInvitation,
  type CreateInvitationInput,
  INVITATION_TTL_DAYS,
} from '@prospector/contracts';
import { workspaceInvitations } from '@prospector/db';
import { generateToken, hashToken } from '../auth/tokens';
import { DAY_MS } from '../clock';
import { requireAppSecret } from '../crypto/app-secret';
import { encryptSecret } from '../crypto/secret-box';
import type { CoreDeps, JobQueue } from '../deps';
import { SYSTEM_EMAIL_JOB, type SystemEmailJob } from '../jobs/system-email-job';
import { invitationLink } from './invitation-rows';
import { recordActivity } from './record-activity';
import { requireMembership } from './require-membership';

/**
 * An admin or owner invites an address. Only the token's hash is stored; the link is mailed by the worker
 * (see sendInvitationEmail). Nothing here looks the address up, so the answer is the same whether or not
 * it has an account.
 */
export async function createInvitation(
  deps: CoreDeps & { queue: JobQueue; appUrl: string },
  actorId: string,
  workspaceId: string,
  input: CreateInvitationInput,
): Promise<CreatedInvitation> {
  await requireMembership(deps.db, workspaceId, actorId, 'admin');
  const appSecret = requireAppSecret(deps);
  const now = deps.clock.now();
  const token = generateToken();
  const email = input.email.trim().toLowerCase();
  const invitation = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(workspaceInvitations)
      .values({
        workspaceId,
        email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: actorId,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
        createdAt: now,
      })
      .returning({ id: workspaceInvitations.id });
    await recordActivity(tx, now, {
      workspaceId,
      actorId,
      action: 'member.invited',
      subjectType: 'invitation',
      subjectId: row!.id,
      subjectName: email,
    });
    return row!;
  });
  const job: SystemEmailJob = {
    kind: 'invitation',
    invitationId: invitation.id,
    sealedToken: encryptSecret(token, appSecret),
  };
  await deps.queue.send(SYSTEM_EMAIL_JOB, job);
  return { id: invitation.id, acceptUrl: invitationLink(deps.appUrl, token) };
}
