import type { WorkspaceListItem } from '@prospector/contracts';
import type { SessionIdentity } from '../auth/session-store';
import type { CoreDeps } from '../deps';
import { requireMembership } from './require-membership';
import { chooseSessionWorkspace } from './session-workspace';
import { workspaceListItem } from './workspace-list-items';

/** POST /api/workspaces/{id}/select: the session works in that workspace from its next request on. */
export async function selectWorkspace(
  deps: CoreDeps,
  identity: SessionIdentity,
  workspaceId: string,
): Promise<WorkspaceListItem> {
  await requireMembership(deps.db, workspaceId, identity.userId, 'viewer');
  await chooseSessionWorkspace(deps.db, identity.sessionId, workspaceId);
  return workspaceListItem(deps.db, identity.userId, workspaceId, workspaceId);
}
