import type { AppDb } from '@prospector/db';
import { AppError } from '../app-error';
import { isUuid } from '../mailboxes/account-store';
import { roleAllows, roleRefusal, type WorkspaceRole } from './roles';
import { findMembership, type WorkspaceMembership } from './session-workspace';

export const WORKSPACE_NOT_FOUND = 'Workspace not found';

/**
 * The person's membership of the workspace a path names: 404 when they are not in it (or it is being
 * deleted, or the id is malformed), so a workspace they do not belong to looks like one that does not exist; 403 with the role
 * needed when theirs is below it.
 */
export async function requireMembership(
  db: AppDb,
  workspaceId: string,
  userId: string,
  needed: WorkspaceRole,
): Promise<WorkspaceMembership> {
  const membership = isUuid(workspaceId) ? await findMembership(db, workspaceId, userId) : undefined;
  if (!membership) throw new AppError('NOT_FOUND', WORKSPACE_NOT_FOUND);
  if (!roleAllows(membership.role, needed)) {
    throw new AppError('FORBIDDEN', roleRefusal(needed), undefined, {
      requiredRole: needed,
      role: membership.role,
    });
  }
  return membership;
}
