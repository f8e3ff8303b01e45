import type { Workflow, WorkflowValues } from '@prospector/contracts';
import { workflows } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { assertEndAhead, scheduleColumns, scheduleState } from './schedule-state';
import { findWorkflow, loadWorkflow } from './workflow-store';

/**
 * PATCH /api/workflows/{id} with the whole body: saves every field and recomputes the next run from the
 * new schedule (an active workflow that already ran keeps to its series, decision 014).
 */
export async function updateWorkflow(
  deps: CoreDeps,
  workspaceId: string,
  id: string,
  input: WorkflowValues,
): Promise<Workflow> {
  const now = deps.clock.now();
  const current = await findWorkflow(deps.db, workspaceId, id);
  const schedule = scheduleColumns(input);
  assertEndAhead(schedule, now);
  const state = scheduleState(schedule, input.status, current.lastRunAt, now);
  await deps.db
    .update(workflows)
    .set({
      name: input.name,
      description: input.description,
      criteria: input.criteria,
      leadLimit: input.leadLimit,
      ...schedule,
      ...state,
      updatedAt: now,
    })
    .where(and(eq(workflows.workspaceId, workspaceId), eq(workflows.id, id)));
  return loadWorkflow(deps.db, workspaceId, id);
}
