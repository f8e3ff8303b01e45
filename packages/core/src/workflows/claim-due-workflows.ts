import { workflowRuns, workflows } from '@prospector/db';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { nextRunAfter } from './next-run';
import { scheduleOf } from './workflow-store';

/** How many due workflows one scheduler tick claims; the rest wait for the next tick. */
const CLAIM_BATCH = 100;

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
    .where(and(eq(workflows.status, 'active'), lte(workflows.nextRunAt, now)))
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
          userId: workflow.userId,
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
