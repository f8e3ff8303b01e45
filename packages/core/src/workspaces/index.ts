export { createWorkspace } from './create-workspace';
export { type ActivityEntry, recordActivity } from './record-activity';
export { requireMembership, WORKSPACE_NOT_FOUND } from './require-membership';
export { roleAllows, roleRefusal, WORKSPACE_ROLES, type WorkspaceRole } from './roles';
export {
  chooseSessionWorkspace,
  findMembership,
  firstMembership,
  type WorkspaceMembership,
} from './session-workspace';
