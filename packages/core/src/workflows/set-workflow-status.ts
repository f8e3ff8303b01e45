import type { Workflow, WorkflowStatusInput } from '@prospector/contracts';
import { workflows } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { scheduleState } from './schedule-state';
import { findWorkflow, loadWorkflow, scheduleOf } from './workflow-store';

export const COMPLETED_HAS_NO_ACTION =
  'A completed workflow cannot be paused or activated; edit it to schedule new runs';
export const ONLY_ACTIVE_PAUSES = 'Only an active workflow can be paused';

/**
 * PATCH /api/workflows/{id} with `{status}`: Pause (active to paused, no further runs; a run under way
 * finishes) and Activate (draft or paused to active, with a recomputed next run). Asking for the status it
 * already has changes nothing.
 */
export async function setWorkflowStatus(
  deps: CoreDeps,
  workspaceId: string,
  id: string,
  input: WorkflowStatusInput,
): Promise<Workflow> {
  const current = await findWorkflow(deps.db, workspaceId, id);
  if (current.status === input.status) return loadWorkflow(deps.db, workspaceId, id);
  if (current.status === 'completed') throw new AppError('BAD_REQUEST', COMPLETED_HAS_NO_ACTION);
  if (input.status === 'paused' && current.status !== 'active') {
    throw new AppError('BAD_REQUEST', ONLY_ACTIVE_PAUSES);
  }
  const now = deps.clock.now();
  const state = scheduleState(scheduleOf(current), input.status, current.lastRunAt, now);
  await deps.db
    .update(workflows)
    .set({ ...state, updatedAt: now })
    .where(
      and(eq(workflows.workspaceId, workspaceId), eq(workflows.id, id), eq(workflows.status, current.status)),
    );
  return loadWorkflow(deps.db, workspaceId, id);
}
