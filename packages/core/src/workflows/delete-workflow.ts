import { WORKFLOW_NOT_FOUND } from '@prospector/contracts';
import { workflows } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';

/** DELETE /api/workflows/{id}: the workflow, its steps and its runs (cascade), and so its schedule. */
export async function deleteWorkflow(deps: CoreDeps, workspaceId: string, id: string): Promise<void> {
  const deleted = await deps.db
    .delete(workflows)
    .where(and(eq(workflows.workspaceId, workspaceId), eq(workflows.id, id)))
    .returning({ id: workflows.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', WORKFLOW_NOT_FOUND);
}
