import {
  criteriaToLeadFilters,
  WORKFLOW_LISTS_REQUIRED,
  type WorkflowRunMetadata,
  workflowCriteriaSchema,
} from '@prospector/contracts';
import { workflowRuns, workflows } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { isAppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { ApolloRateLimitError } from '../leads/apollo-client';
import type { LeadImportCounts, LeadImporter } from './lead-importer';
import { carriedOf, plus, waitForApollo } from './workflow-run-wait';
import { workflowEmailListIds } from './workflow-steps';

export const NO_EMAIL_LISTS = WORKFLOW_LISTS_REQUIRED;
export const RUN_FAILED = 'The run failed unexpectedly';

export interface RunOutcome {
  runId: string;
  /** Known once the run is claimed. */
  workflowId?: string;
  status: 'completed' | 'failed' | 'skipped' | 'waiting';
  /** A failure that was not an expected AppError, for the worker's log. */
  unexpected?: unknown;
}

function countsColumns(counts: LeadImportCounts, metadata: WorkflowRunMetadata) {
  return {
    leadsFound: counts.found ?? counts.added + counts.skippedDuplicates + counts.skippedNoEmail,
    leadsProcessed: counts.added,
    metadata: {
      ...metadata,
      pagesRead: counts.pagesRead,
      revealed: counts.revealed,
      skippedDuplicates: counts.skippedDuplicates,
      skippedNoEmail: counts.skippedNoEmail,
    },
  };
}

/**
 * Runs one pending run: claims it (pending to running, guarded, so a second worker skips it), imports up
 * to leadLimit new leads matching the criteria into every list of the workflow's steps, and records
 * completed or failed with the counts. A failure only fails the run; the schedule was set at claim time.
 * Apollo's hourly or daily limit puts the run back to pending until it resets (`waitForApollo`).
 */
export async function executeWorkflowRun(
  deps: CoreDeps,
  runId: string,
  importLeads: LeadImporter,
): Promise<RunOutcome> {
  const [run] = await deps.db
    .update(workflowRuns)
    .set({ status: 'running', startedAt: deps.clock.now() })
    .where(and(eq(workflowRuns.id, runId), eq(workflowRuns.status, 'pending')))
    .returning();
  if (!run) return { runId, status: 'skipped' };
  const { resumeAt: _resumeAt, waiting: _waiting, ...metadata } = run.metadata as WorkflowRunMetadata;
  const carried = carriedOf(metadata);
  let latest: LeadImportCounts = {
    found: null,
    added: 0,
    revealed: 0,
    skippedDuplicates: 0,
    skippedNoEmail: 0,
    pagesRead: 0,
  };
  const workflowId = run.workflowId;
  const finish = (values: Partial<typeof workflowRuns.$inferInsert>) =>
    deps.db
      .update(workflowRuns)
      .set({ ...values, completedAt: deps.clock.now() })
      .where(eq(workflowRuns.id, runId));

  try {
    const [workflow] = await deps.db
      .select()
      .from(workflows)
      .where(eq(workflows.id, run.workflowId))
      .limit(1);
    if (!workflow) return { runId, workflowId, status: 'skipped' };
    const personaIds = await workflowEmailListIds(deps.db, run.workspaceId, workflow.id);
    if (personaIds.length === 0) {
      await finish({ status: 'failed', error: NO_EMAIL_LISTS });
      return { runId, workflowId, status: 'failed' };
    }
    const counts = await importLeads(deps, {
      workspaceId: run.workspaceId,
      personaIds,
      filters: criteriaToLeadFilters(workflowCriteriaSchema.parse(workflow.criteria)),
      limit: Math.max(0, workflow.leadLimit - (carried?.added ?? 0)),
      onProgress: async (progress) => {
        latest = progress;
        await deps.db
          .update(workflowRuns)
          .set(countsColumns(plus(progress, carried), metadata))
          .where(and(eq(workflowRuns.id, runId), eq(workflowRuns.status, 'running')));
      },
    });
    await finish({ status: 'completed', error: null, ...countsColumns(plus(counts, carried), metadata) });
    return { runId, workflowId, status: 'completed' };
  } catch (error) {
    if (error instanceof ApolloRateLimitError) {
      await waitForApollo(deps, runId, metadata, plus(latest, carried), error);
      return { runId, workflowId, status: 'waiting' };
    }
    const expected = isAppError(error);
    await finish({ status: 'failed', error: expected ? error.message : RUN_FAILED });
    return { runId, workflowId, status: 'failed', ...(expected ? {} : { unexpected: error }) };
  }
}
