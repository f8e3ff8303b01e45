import { workflowRuns, workflowSteps, workflows } from '@prospector/db';
import { and, asc, eq, exists, lte, or } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { nextRunAfter } from './next-run';
import { scheduleOf } from './workflow-store';

/** How many due workflows one scheduler tick claims; the rest wait for the next tick. */
const CLAIM_BATCH = 100;

/**
 * The web app writes a workflow and then, in a second call, its step with the email lists (on edit: the
 * workflow, then its old steps deleted, then the new one). An immediate workflow is due from the first call,
 * so for this long after its last write a workflow without a step is taken to be waiting for it, not run
 * and failed for want of a list. Past it, the run fails with the reason, which the user can fix.
 */
export const STEP_WAIT_MS = 60_000;

/**
 * Every active workflow whose next run is due gets one pending run. The schedule moves on in the same
 * transaction, guarded by the next_run_at that was read: when several workers see the same due workflow,
 * only the first UPDATE matches and only that worker inserts the run (decision 014).
 * Returns the ids of the runs this call created.
 */
export async function claimDueWorkflows(deps: CoreDeps): Promise<string[]> {
  const now = deps.clock.now();
  const due = await deps.db
    .select()
    .from(workflows)
    .where(
      and(
        eq(workflows.status, 'active'),
        lte(workflows.nextRunAt, now),
        or(hasStep(deps), lte(workflows.updatedAt, new Date(now.getTime() - STEP_WAIT_MS))),
      ),
    )
    .orderBy(asc(workflows.nextRunAt))
    .limit(CLAIM_BATCH);

  const runIds: string[] = [];
  for (const workflow of due) {
    const dueAt = workflow.nextRunAt;
    if (!dueAt) continue;
    const next = nextRunAfter(scheduleOf(workflow), dueAt, now);
    const runId = await deps.db.transaction(async (tx) => {
      const claimed = await tx
        .update(workflows)
        .set({ nextRunAt: next, lastRunAt: now, status: next ? 'active' : 'completed', updatedAt: now })
        .where(
          and(eq(workflows.id, workflow.id), eq(workflows.status, 'active'), eq(workflows.nextRunAt, dueAt)),
        )
        .returning({ id: workflows.id });
      if (claimed.length === 0) return null;
      const [run] = await tx
        .insert(workflowRuns)
        .values({
          workspaceId: workflow.workspaceId,
          workflowId: workflow.id,
          status: 'pending',
          metadata: { trigger: 'schedule', dueAt: dueAt.toISOString() },
          createdAt: now,
        })
        .returning({ id: workflowRuns.id });
      return run?.id ?? null;
    });
    if (runId) runIds.push(runId);
  }
  return runIds;
}

function hasStep(deps: CoreDeps) {
  return exists(
    deps.db
      .select({ one: workflowSteps.id })
      .from(workflowSteps)
      .where(
        and(eq(workflowSteps.workspaceId, workflows.workspaceId), eq(workflowSteps.workflowId, workflows.id)),
      ),
  );
}
