import type { WorkflowRun } from '@prospector/contracts';
import { workflowRuns } from '@prospector/db';
import { and, desc, eq } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { findWorkflow, toWorkflowRun } from './workflow-store';

/** How many runs the history shows. */
export const WORKFLOW_RUNS_SHOWN = 50;

/** GET /api/workflows/{id}/runs: the latest runs, newest first. */
export async function listWorkflowRuns(
  deps: CoreDeps,
  workspaceId: string,
  workflowId: string,
): Promise<WorkflowRun[]> {
  await findWorkflow(deps.db, workspaceId, workflowId);
  const rows = await deps.db
    .select()
    .from(workflowRuns)
    .where(and(eq(workflowRuns.workspaceId, workspaceId), eq(workflowRuns.workflowId, workflowId)))
    .orderBy(desc(workflowRuns.createdAt), desc(workflowRuns.id))
    .limit(WORKFLOW_RUNS_SHOWN);
  return rows.map(toWorkflowRun);
}
