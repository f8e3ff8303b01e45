export { acceptInvitation, INVITATION_WRONG_ACCOUNT } from './accept-invitation';
export { type Actor, apiKeyActor, personActor, recordActivityBy, SYSTEM_ACTOR } from './actor';
export { changeMemberRole } from './change-member-role';
export { createInvitation } from './create-invitation';
export { createWorkspace } from './create-workspace';
export { CONFIRM_WORKSPACE_NAME, deleteWorkspace, ONLY_WORKSPACE } from './delete-workspace';
export { INVITATION_NOT_FOUND, invitationLink } from './invitation-rows';
export { INVALID_ACTIVITY_CURSOR, listActivity } from './list-activity';
export { listInvitations } from './list-invitations';
export { listMembers } from './list-members';
export { listWorkspaces } from './list-workspaces';
export { locateRecord } from './locate-record';
export { LAST_OWNER, MEMBER_NOT_FOUND } from './member-rows';
export { previewInvitation } from './preview-invitation';
export { type ActivityEntry, recordActivity } from './record-activity';
export {
  removeDeletedWorkspaces,
  WORKSPACE_REMOVAL_BATCH,
  WORKSPACE_REMOVAL_JOB,
} from './remove-deleted-workspaces';
export { removeMember } from './remove-member';
export { renameWorkspace } from './rename-workspace';
export { requireMembership, WORKSPACE_NOT_FOUND } from './require-membership';
export { revokeInvitation } from './revoke-invitation';
export { roleAllows, roleRefusal, WORKSPACE_ROLES, type WorkspaceRole } from './roles';
export { selectWorkspace } from './select-workspace';
export { sendInvitationEmail } from './send-invitation-email';
export {
  chooseSessionWorkspace,
  findMembership,
  firstMembership,
  type WorkspaceMembership,
} from './session-workspace';
