import { roleAllows, WORKSPACE_ROLE_VALUES, type WorkspaceRoleName } from '@prospector/contracts';

export const ROLE_LABELS: Record<WorkspaceRoleName, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  viewer: 'Viewer',
};

export const ROLE_DESCRIPTIONS: Record<WorkspaceRoleName, string> = {
  owner: 'Everything, including deleting the workspace',
  admin: 'Members, mailboxes, integrations, API keys and settings',
  member: 'Lists, templates, sequences, launches and the inbox',
  viewer: 'Reads everything, changes nothing',
};

export interface RoleChoice {
  role: WorkspaceRoleName;
  disabled: boolean;
}

/**
 * What `actor` may set another member's role to, or null when the member's role is not theirs to change:
 * admins and owners change roles, and only an owner makes an owner or changes an owner's role.
 */
export function roleChoices(actor: WorkspaceRoleName, target: WorkspaceRoleName): RoleChoice[] | null {
  if (!roleAllows(actor, 'admin')) return null;
  if (target === 'owner' && actor !== 'owner') return null;
  return WORKSPACE_ROLE_VALUES.map((role) => ({ role, disabled: role === 'owner' && actor !== 'owner' }));
}

/** Whether `actor` may remove a member with role `target` (anyone may leave; that is not removal). */
export function canRemove(actor: WorkspaceRoleName, target: WorkspaceRoleName): boolean {
  return roleAllows(actor, 'admin') && (target !== 'owner' || actor === 'owner');
}
