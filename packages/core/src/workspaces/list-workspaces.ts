import type { WorkspaceListItem } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { workspaceListItems } from './workspace-list-items';

/** GET /api/workspaces: every workspace the person belongs to, oldest first, the session's marked current. */
export async function listWorkspaces(
  deps: CoreDeps,
  userId: string,
  currentWorkspaceId: string,
): Promise<WorkspaceListItem[]> {
  return workspaceListItems(deps.db, userId, currentWorkspaceId);
}
