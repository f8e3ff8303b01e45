import { WORKFLOW_NOT_FOUND } from '@prospector/contracts';
import { workflows } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { type Actor, recordActivityBy } from '../workspaces/actor';

/** DELETE /api/workflows/{id}: the workflow, its steps and its runs (cascade), and so its schedule. */
export async function deleteWorkflow(
  deps: CoreDeps,
  workspaceId: string,
  actor: Actor,
  id: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(workflows)
      .where(and(eq(workflows.workspaceId, workspaceId), eq(workflows.id, id)))
      .returning({ id: workflows.id, name: workflows.name });
    if (!deleted) throw new AppError('NOT_FOUND', WORKFLOW_NOT_FOUND);
    await recordActivityBy(tx, deps.clock.now(), actor, {
      workspaceId,
      action: 'workflow.deleted',
      subjectType: 'workflow',
      subjectId: deleted.id,
      subjectName: deleted.name,
    });
  });
}
