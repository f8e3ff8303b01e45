import { WORKSPACE_ROLES, type WorkspaceRole } from '@prospector/db';

export { WORKSPACE_ROLES, type WorkspaceRole };

/** Each role may do everything the roles after it may: owner > admin > member > viewer. */
const RANK: Record<WorkspaceRole, number> = { owner: 3, admin: 2, member: 1, viewer: 0 };

export function roleAllows(role: WorkspaceRole, needed: WorkspaceRole): boolean {
  return RANK[role] >= RANK[needed];
}

const ROLE_NAMES: Record<WorkspaceRole, string> = {
  owner: 'an owner',
  admin: 'an admin',
  member: 'a member',
  viewer: 'a viewer',
};

/** The refusal a person sees: what their role lacks, in words. */
export function roleRefusal(needed: WorkspaceRole): string {
  return `Only ${ROLE_NAMES[needed]} of this workspace${needed === 'owner' ? '' : ' or above'} can do this`;
}
