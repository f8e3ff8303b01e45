import { workflowRuns } from '@prospector/db';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { importApolloLeads } from '../leads/import-apollo-leads';
import { claimDueWorkflows } from './claim-due-workflows';
import { executeWorkflowRun, type RunOutcome } from './execute-workflow-run';
import type { LeadImporter } from './lead-importer';
import { runMayStart } from './workflow-run-wait';

export const WORKFLOW_SCHEDULER_JOB = 'workflow-scheduler';
export const RUN_INTERRUPTED = 'The run was interrupted';
/** A run still "running" after this long lost its worker. */
export const STALE_RUN_MS = 60 * 60 * 1000;
const RUN_BATCH = 20;

/** Marks runs whose worker died mid-run as failed, so the history never waits on them. */
async function failStaleRuns(deps: CoreDeps): Promise<void> {
  const cutoff = new Date(deps.clock.now().getTime() - STALE_RUN_MS);
  await deps.db
    .update(workflowRuns)
    .set({ status: 'failed', error: RUN_INTERRUPTED, completedAt: deps.clock.now() })
    .where(and(eq(workflowRuns.status, 'running'), lt(workflowRuns.startedAt, cutoff)));
}

/**
 * One scheduler tick (the `workflow-scheduler` job): claims due workflows into pending runs, then runs
 * pending runs, scheduled or "run now", oldest first. Safe to call from several workers at once: each run
 * is claimed by exactly one of them.
 */
export async function runDueWorkflows(
  deps: CoreDeps,
  importLeads: LeadImporter = importApolloLeads,
): Promise<RunOutcome[]> {
  await failStaleRuns(deps);
  await claimDueWorkflows(deps);
  const outcomes: RunOutcome[] = [];
  for (;;) {
    const pending = await deps.db
      .select({ id: workflowRuns.id })
      .from(workflowRuns)
      .where(and(eq(workflowRuns.status, 'pending'), runMayStart(deps.clock.now())))
      .orderBy(asc(workflowRuns.createdAt))
      .limit(RUN_BATCH);
    if (pending.length === 0) return outcomes;
    let ran = 0;
    for (const { id } of pending) {
      const outcome = await executeWorkflowRun(deps, id, importLeads);
      outcomes.push(outcome);
      if (outcome.status !== 'skipped' && outcome.status !== 'waiting') ran++;
    }
    // Every run in the batch was taken by another worker: leave the rest to them.
    if (ran === 0) return outcomes;
  }
}
