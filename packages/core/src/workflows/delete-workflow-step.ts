import { workflowSteps } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { findWorkflow } from './workflow-store';

export const WORKFLOW_STEP_NOT_FOUND = 'Workflow step not found';

/** DELETE /api/workflows/{id}/steps/{stepId}. */
export async function deleteWorkflowStep(
  deps: CoreDeps,
  workspaceId: string,
  workflowId: string,
  stepId: string,
): Promise<void> {
  await findWorkflow(deps.db, workspaceId, workflowId);
  const deleted = await deps.db
    .delete(workflowSteps)
    .where(
      and(
        eq(workflowSteps.workspaceId, workspaceId),
        eq(workflowSteps.workflowId, workflowId),
        eq(workflowSteps.id, stepId),
      ),
    )
    .returning({ id: workflowSteps.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', WORKFLOW_STEP_NOT_FOUND);
}
