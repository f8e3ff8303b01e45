import type { WorkspaceListItem, WorkspaceNameInput } from '@prospector/contracts';
import { workspaces } from '@prospector/db';
import { and, eq, ne } from 'drizzle-orm';
import type { SessionIdentity } from '../auth/session-store';
import type { CoreDeps } from '../deps';
import { recordActivity } from './record-activity';
import { requireMembership } from './require-membership';
import { workspaceListItem } from './workspace-list-items';

/** PATCH /api/workspaces/{id}: a new name, by an admin or an owner. */
export async function renameWorkspace(
  deps: CoreDeps,
  identity: SessionIdentity,
  workspaceId: string,
  input: WorkspaceNameInput,
): Promise<WorkspaceListItem> {
  await requireMembership(deps.db, workspaceId, identity.userId, 'admin');
  const now = deps.clock.now();
  const name = input.name.trim();
  await deps.db.transaction(async (tx) => {
    const renamed = await tx
      .update(workspaces)
      .set({ name, updatedAt: now })
      .where(and(eq(workspaces.id, workspaceId), ne(workspaces.name, name)))
      .returning({ id: workspaces.id });
    // Saving the name as it was changes nothing worth a line in the log.
    if (renamed.length === 0) return;
    await recordActivity(tx, now, {
      workspaceId,
      actorId: identity.userId,
      action: 'workspace.renamed',
      subjectType: 'workspace',
      subjectId: workspaceId,
      subjectName: name,
    });
  });
  return workspaceListItem(deps.db, identity.userId, identity.workspaceId, workspaceId);
}
