export { createWorkspace } from './create-workspace';
export { CONFIRM_WORKSPACE_NAME, deleteWorkspace, ONLY_WORKSPACE } from './delete-workspace';
export { INVALID_ACTIVITY_CURSOR, listActivity } from './list-activity';
export { listWorkspaces } from './list-workspaces';
export { type ActivityEntry, recordActivity } from './record-activity';
export {
  removeDeletedWorkspaces,
  WORKSPACE_REMOVAL_BATCH,
  WORKSPACE_REMOVAL_JOB,
} from './remove-deleted-workspaces';
export { renameWorkspace } from './rename-workspace';
export { requireMembership, WORKSPACE_NOT_FOUND } from './require-membership';
export { roleAllows, roleRefusal, WORKSPACE_ROLES, type WorkspaceRole } from './roles';
export { selectWorkspace } from './select-workspace';
export {
  chooseSessionWorkspace,
  findMembership,
  firstMembership,
  type WorkspaceMembership,
} from './session-workspace';
