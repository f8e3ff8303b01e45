import type { WorkflowStep } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { loadWorkflowSteps } from './workflow-steps';
import { findWorkflow } from './workflow-store';

/** GET /api/workflows/{id}/steps. */
export async function listWorkflowSteps(
  deps: CoreDeps,
  workspaceId: string,
  workflowId: string,
): Promise<WorkflowStep[]> {
  await findWorkflow(deps.db, workspaceId, workflowId);
  return loadWorkflowSteps(deps.db, workspaceId, workflowId);
}
