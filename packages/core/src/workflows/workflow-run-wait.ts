import type { WorkflowRunMetadata } from '@prospector/contracts';
import { workflowRuns } from '@prospector/db';
import { eq, sql } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import type { ApolloRateLimitError } from '../leads/apollo-client';
import { waitingForApollo } from '../leads/run-lead-import-job';
import type { LeadImportCounts } from './lead-importer';

/** What a run that waited for Apollo had already done: added to what it does after the wait. */
export type CarriedCounts = LeadImportCounts;

export const carriedOf = (metadata: WorkflowRunMetadata): CarriedCounts | undefined =>
  (metadata.carried as CarriedCounts | undefined) ?? undefined;

export function plus(counts: LeadImportCounts, carried: CarriedCounts | undefined): LeadImportCounts {
  if (!carried) return counts;
  return {
    found: counts.found ?? carried.found,
    added: counts.added + carried.added,
    revealed: counts.revealed + carried.revealed,
    skippedDuplicates: counts.skippedDuplicates + carried.skippedDuplicates,
    skippedNoEmail: counts.skippedNoEmail + carried.skippedNoEmail,
    pagesRead: counts.pagesRead + carried.pagesRead,
  };
}

/** Pending runs that may start now: not waiting for Apollo, or past the time they wait for. */
export const runMayStart = (now: Date) =>
  sql`(${workflowRuns.metadata}->>'resumeAt' is null or (${workflowRuns.metadata}->>'resumeAt')::timestamptz <= ${now.toISOString()}::timestamptz)`;

/**
 * Apollo's hourly or daily limit is used up: the run goes back to pending until the window resets, keeping
 * what it did (the next attempt adds only the rest of its lead limit: people already added are contacts
 * now and are not added again) and why it waits.
 */
export async function waitForApollo(
  deps: CoreDeps,
  runId: string,
  metadata: WorkflowRunMetadata,
  done: LeadImportCounts,
  error: ApolloRateLimitError,
): Promise<void> {
  const waiting = waitingForApollo(error.window, error.resumeAt, deps.clock.now());
  await deps.db
    .update(workflowRuns)
    .set({
      status: 'pending',
      error: null,
      metadata: { ...metadata, carried: done, resumeAt: error.resumeAt.toISOString(), waiting },
    })
    .where(eq(workflowRuns.id, runId));
}
