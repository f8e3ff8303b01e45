import { roleAllows } from '@prospector/contracts';
import { WORKSPACE_ROLES, type WorkspaceRole } from '@prospector/db';

export { roleAllows, WORKSPACE_ROLES, type WorkspaceRole };

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
