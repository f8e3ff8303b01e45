import type { Lead, leadSchema } from '@prospector/contracts';
import { queueJobs } from '@prospector/db';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { isAppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { findPersona } from '../personas/persona-store';
import { clockTime } from '../schedule/clock-time';
import { type ApolloClient, ApolloRateLimitError, type ApolloWindow } from './apollo-client';
import { BACKGROUND_APOLLO_RETRY } from './apollo-settings';
import { connectApollo } from './connect-apollo';
import { parseLeadImportJob, parseLeadImportPayload } from './lead-import-job';
import { givenLeadsSource, searchSource } from './lead-sources';
import { emptyImportCounts, type LeadImportCounts, runLeadImport } from './run-lead-import';

/** Where a lead import that waits for Apollo's limit picks up again: whole batches done, and their counts. */
interface ResumePoint {
  batches: number;
  counts: LeadImportCounts;
}

const resumePointOf = (result: Record<string, unknown> | null): ResumePoint | undefined => {
  const resume = result?.resume as ResumePoint | undefined;
  return resume && typeof resume.batches === 'number' && resume.counts ? resume : undefined;
};

const WINDOW_WORDS: Record<ApolloWindow, string> = {
  'per-minute': 'per-minute',
  hourly: 'hourly',
  daily: 'daily',
};

export const waitingForApollo = (window: ApolloWindow, resumeAt: Date, now: Date) =>
  `Waiting for Apollo's ${WINDOW_WORDS[window]} limit, resumes at ${clockTime(resumeAt, now)}`;

/** Progress is written at most this often (the page polls every 2 s; the spec wants at least every second). */
export const PROGRESS_WRITE_INTERVAL_MS = 500;
export const ADD_LEADS_FAILED = 'Failed to add leads';

/** queue_jobs.progress: the counters, and the total once known. */
const progressOf = (counts: LeadImportCounts) => ({
  added: counts.added,
  skipped: counts.skipped,
  revealed: counts.revealed,
  skippedDuplicates: counts.skippedDuplicates,
  skippedNoEmail: counts.skippedNoEmail,
  processed: counts.processed,
  ...(counts.total === null ? {} : { total: counts.total }),
});

function toLead(input: ReturnType<typeof leadSchema.parse>): Lead {
  return { ...input, apolloId: input.apolloId ?? input.id };
}

/**
 * The worker's handler for one lead import: walks the selected leads or the search's pages, adds them to
 * the list and keeps queue_jobs' status and progress current. A finished job is not run again. When
 * Apollo's hourly or daily limit is used up, the job goes back to pending with the batches it finished and
 * why it waits ("Waiting for Apollo's hourly limit, resumes at 15:00 UTC"), and answers `resumeAt`: the
 * worker queues it again for then, and the next run goes on from the next batch (nothing is added twice:
 * a batch's contacts are written together, after its reveals). Apollo's and the app's own refusals fail
 * the job with their message; anything else fails it and is rethrown.
 */
export async function runLeadImportJob(deps: CoreDeps, data: unknown): Promise<{ resumeAt?: Date }> {
  const { jobId } = parseLeadImportJob(data);
  const [job] = await deps.db.select().from(queueJobs).where(eq(queueJobs.id, jobId)).limit(1);
  if (!job || job.status === 'completed' || job.status === 'failed') return {};
  const resume = resumePointOf(job.result);
  let done: ResumePoint = resume ?? { batches: 0, counts: emptyImportCounts() };
  const update = (values: PgUpdateSetSource<typeof queueJobs>) =>
    deps.db
      .update(queueJobs)
      .set({ ...values, updatedAt: deps.clock.now() })
      .where(eq(queueJobs.id, jobId));
  await update({ status: 'processing', attempts: sql`${queueJobs.attempts} + 1` });

  let lastWrite = Number.NEGATIVE_INFINITY;
  let latest: ReturnType<typeof progressOf> | undefined;
  const onProgress = async (counts: LeadImportCounts) => {
    latest = progressOf(counts);
    const now = deps.clock.now().getTime();
    if (now - lastWrite < PROGRESS_WRITE_INTERVAL_MS) return;
    lastWrite = now;
    await update({ progress: latest });
  };
  try {
    const payload = parseLeadImportPayload(job.payload);
    const persona = await findPersona(deps.db, job.workspaceId, payload.personaId);
    let client: Promise<ApolloClient> | undefined;
    const apollo = () => {
      client ??= connectApollo(deps, job.workspaceId, BACKGROUND_APOLLO_RETRY);
      return client;
    };
    const skip = done.batches;
    const source =
      payload.mode === 'selected'
        ? givenLeadsSource(payload.leads.map(toLead), skip)
        : searchSource(apollo, payload.filters, payload.cap, skip);
    const counts = await runLeadImport(deps, {
      workspaceId: job.workspaceId,
      personas: [persona],
      source,
      apollo,
      linkExisting: true,
      onProgress,
      initialCounts: resume?.counts,
      onBatchDone: (so, batches) => {
        done = { batches: skip + batches, counts: so };
      },
    });
    await update({
      status: 'completed',
      progress: progressOf(counts),
      result: { ...counts },
      processedAt: deps.clock.now(),
    });
    return {};
  } catch (error) {
    if (error instanceof ApolloRateLimitError) {
      const waiting = waitingForApollo(error.window, error.resumeAt, deps.clock.now());
      await update({
        status: 'pending',
        progress: { ...progressOf(done.counts), waiting },
        result: { resume: done },
        scheduledFor: error.resumeAt,
      });
      return { resumeAt: error.resumeAt };
    }
    const message = isAppError(error) ? error.message : ADD_LEADS_FAILED;
    await update({
      status: 'failed',
      error: message,
      processedAt: deps.clock.now(),
      ...(latest && { progress: latest }),
    });
    if (!isAppError(error)) throw error;
    return {};
  }
}
