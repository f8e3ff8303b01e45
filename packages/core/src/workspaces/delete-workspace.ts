import type { DeleteWorkspaceInput } from '@prospector/contracts';
import { apiKeys, sequences, workspaceMembers, workspaces } from '@prospector/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { SessionIdentity } from '../auth/session-store';
import type { CoreDeps, JobQueue } from '../deps';
import { recordActivity } from './record-activity';
import { WORKSPACE_REMOVAL_JOB } from './remove-deleted-workspaces';
import { requireMembership, WORKSPACE_NOT_FOUND } from './require-membership';
import { chooseSessionWorkspace } from './session-workspace';

export const CONFIRM_WORKSPACE_NAME = 'Type the workspace name to confirm';
export const ONLY_WORKSPACE = 'You cannot delete your only workspace';

/**
 * DELETE /api/workspaces/{id}, by an owner who typed its name: nobody can open it from now on (its
 * members' sessions fall back to another of their workspaces), its sequences stop sending, its API keys
 * stop working, and the worker removes its records.
 */
export async function deleteWorkspace(
  deps: CoreDeps,
  queue: JobQueue,
  identity: SessionIdentity,
  workspaceId: string,
  input: DeleteWorkspaceInput,
): Promise<void> {
  await requireMembership(deps.db, workspaceId, identity.userId, 'owner');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const open = await openWorkspaceCount(tx, identity.userId);
    const [workspace] = await tx
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(and(eq(workspaces.id, workspaceId), isNull(workspaces.deletedAt)))
      .for('update');
    if (!workspace) throw new AppError('NOT_FOUND', WORKSPACE_NOT_FOUND);
    if (open <= 1) throw new AppError('CONFLICT', ONLY_WORKSPACE);
    if (input.confirmName.trim() !== workspace.name.trim()) {
      throw new AppError('VALIDATION_ERROR', CONFIRM_WORKSPACE_NAME);
    }
    await tx.update(workspaces).set({ deletedAt: now, updatedAt: now }).where(eq(workspaces.id, workspaceId));
    // The engine claims only running sequences' sends: none goes out while the records are being removed.
    await tx
      .update(sequences)
      .set({ status: 'paused', updatedAt: now })
      .where(and(eq(sequences.workspaceId, workspaceId), eq(sequences.status, 'running')));
    // Nor does the public API act in it any longer.
    await tx.delete(apiKeys).where(eq(apiKeys.workspaceId, workspaceId));
    await recordActivity(tx, now, {
      workspaceId,
      actorId: identity.userId,
      action: 'workspace.deleted',
      subjectType: 'workspace',
      subjectId: workspaceId,
      subjectName: workspace.name,
    });
  });
  // The deleter moves on without the "no longer have access" refusal other members' sessions get once.
  if (identity.workspaceId === workspaceId) await chooseSessionWorkspace(deps.db, identity.sessionId, null);
  // The worker's schedule finds the workspace too, should this not reach the queue.
  await queue.send(WORKSPACE_REMOVAL_JOB, {}).catch(() => null);
}

/**
 * How many workspaces the person can still open. Their memberships are locked first (before the
 * workspace, so two deletions by one person queue rather than deadlock), and counted in a statement of
 * its own, which sees what a deletion that held the lock before committed.
 */
async function openWorkspaceCount(db: CoreDeps['db'], userId: string): Promise<number> {
  await db
    .select({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, userId))
    .for('update');
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), isNull(workspaces.deletedAt)));
  return Number(row?.count ?? 0);
}
