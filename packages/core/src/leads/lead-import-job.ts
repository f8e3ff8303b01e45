import { type JobStatusResponse, leadImportPayloadSchema } from '@prospector/contracts';
import type { QueueJobStatus, queueJobs } from '@prospector/db';

/** pg-boss queue of lead imports into email lists; the data is `{ jobId }`, the work is in queue_jobs. */
export const LEAD_IMPORT_JOB = 'apollo-lead-import';
/** queue_jobs.type of a lead import. */
export const LEAD_IMPORT_TYPE = 'apollo-lead-import';

/** The stored payload; a malformed one is a bug, not something to retry. */
export function parseLeadImportPayload(payload: unknown) {
  const parsed = leadImportPayloadSchema.safeParse(payload);
  if (!parsed.success) throw new Error('Malformed lead import payload');
  return parsed.data;
}

export function parseLeadImportJob(data: unknown): { jobId: string } {
  const jobId = (data as { jobId?: unknown } | null)?.jobId;
  if (typeof jobId !== 'string')
    throw new Error(`Unknown lead import job: ${JSON.stringify(data)?.slice(0, 200)}`);
  return { jobId };
}

/** A new import's stored progress (the total is added once known). */
export const EMPTY_PROGRESS = {
  added: 0,
  skipped: 0,
  revealed: 0,
  skippedDuplicates: 0,
  skippedNoEmail: 0,
  processed: 0,
};

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** A queue_jobs row as GET /api/jobs/{id} answers it. */
export function toJobStatus(row: typeof queueJobs.$inferSelect): JobStatusResponse {
  const p = row.progress ?? {};
  return {
    id: row.id,
    type: row.type,
    status: row.status as QueueJobStatus,
    progress: {
      added: count(p.added),
      skipped: count(p.skipped),
      revealed: count(p.revealed),
      skippedDuplicates: count(p.skippedDuplicates),
      skippedNoEmail: count(p.skippedNoEmail),
      processed: count(p.processed),
      total: typeof p.total === 'number' ? p.total : null,
    },
    waiting: row.status === 'pending' && typeof p.waiting === 'string' ? p.waiting : null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
