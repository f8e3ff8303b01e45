export { acceptInvitation, INVITATION_WRONG_ACCOUNT } from './accept-invitation';
export { type Actor, apiKeyActor, personActor, recordActivityBy, SYSTEM_ACTOR } from './actor';
export { changeMemberRole } from './change-member-role';
export { createInvitation } from './create-invitation';
export { createWorkspace } from './create-workspace';
export { INVITATION_NOT_FOUND, invitationLink } from './invitation-rows';
export { listInvitations } from './list-invitations';
export { listMembers } from './list-members';
export { LAST_OWNER, MEMBER_NOT_FOUND } from './member-rows';
export { previewInvitation } from './preview-invitation';
export { type ActivityEntry, recordActivity } from './record-activity';
export { removeMember } from './remove-member';
export { requireMembership, WORKSPACE_NOT_FOUND } from './require-membership';
export { revokeInvitation } from './revoke-invitation';
export { roleAllows, roleRefusal, WORKSPACE_ROLES, type WorkspaceRole } from './roles';
export { sendInvitationEmail } from './send-invitation-email';
export {
  chooseSessionWorkspace,
  findMembership,
  firstMembership,
  type WorkspaceMembership,
} from './session-workspace';
