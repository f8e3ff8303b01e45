import type { WorkspaceListItem } from '@prospector/contracts';
import { workspaceMembers, workspaces } from '@prospector/db';
import type { CoreDeps } from '../deps';
import { recordActivity } from './record-activity';

/** A new workspace (an agency's client, say) with its creator as owner; the session stays where it is. */
export async function createWorkspace(
  deps: CoreDeps,
  userId: string,
  input: { name: string },
): Promise<WorkspaceListItem> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(workspaces)
      .values({ name: input.name.trim(), createdBy: userId, createdAt: now, updatedAt: now })
      .returning();
    await tx.insert(workspaceMembers).values({ workspaceId: row!.id, userId, role: 'owner', createdAt: now });
    await recordActivity(tx, now, {
      workspaceId: row!.id,
      actorId: userId,
      action: 'workspace.created',
      subjectType: 'workspace',
      subjectId: row!.id,
      subjectName: row!.name,
    });
    return {
      id: row!.id,
      name: row!.name,
      role: 'owner',
      createdAt: row!.createdAt.toISOString(),
      current: false,
      memberCount: 1,
    };
  });
}
