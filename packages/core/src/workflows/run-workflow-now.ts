import type { WorkflowRun } from '@prospector/contracts';
import { workflowRuns } from '@prospector/db';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { findWorkflow, toWorkflowRun } from './workflow-store';

export const WORKFLOW_ALREADY_RUNNING = 'This workflow is already running';

/**
 * POST /api/workflows/{id}/run: queues one run now, whatever the status, without moving the schedule. The
 * scheduler job picks the pending run up (the route sends it at once).
 */
export async function runWorkflowNow(
  deps: CoreDeps,
  workspaceId: string,
  workflowId: string,
): Promise<WorkflowRun> {
  await findWorkflow(deps.db, workspaceId, workflowId);
  const [busy] = await deps.db
    .select({ id: workflowRuns.id })
    .from(workflowRuns)
    .where(and(eq(workflowRuns.workflowId, workflowId), inArray(workflowRuns.status, ['pending', 'running'])))
    .limit(1);
  if (busy) throw new AppError('CONFLICT', WORKFLOW_ALREADY_RUNNING);
  const [run] = await deps.db
    .insert(workflowRuns)
    .values({
      workspaceId,
      workflowId,
      status: 'pending',
      metadata: { trigger: 'manual' },
      createdAt: deps.clock.now(),
    })
    .returning();
  if (!run) throw new Error('insert returned no row');
  return toWorkflowRun(run);
}
