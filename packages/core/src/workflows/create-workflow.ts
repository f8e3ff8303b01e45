import type { Workflow, WorkflowValues } from '@prospector/contracts';
import { workflows } from '@prospector/db';
import type { CoreDeps } from '../deps';
import type { Actor } from '../workspaces/actor';
import { assertEndAhead, scheduleColumns, scheduleState } from './schedule-state';
import { toWorkflow } from './workflow-store';

/** POST /api/workflows: a new workflow; an active one gets its first run (now when it starts immediately). */
export async function createWorkflow(
  deps: CoreDeps,
  workspaceId: string,
  actor: Actor,
  input: WorkflowValues,
): Promise<Workflow> {
  const now = deps.clock.now();
  const schedule = scheduleColumns(input);
  assertEndAhead(schedule, now);
  const state = scheduleState(schedule, input.status, null, now);
  const [row] = await deps.db
    .insert(workflows)
    .values({
      workspaceId,
      name: input.name,
      description: input.description,
      criteria: input.criteria,
      leadLimit: input.leadLimit,
      createdBy: actor.userId,
      ...schedule,
      ...state,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  // Its steps, and so its lists, are added after it.
  return toWorkflow(row, null, false);
}
