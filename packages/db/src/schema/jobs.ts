import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { counter, createdAt, id, oneOf, tstz, updatedAt } from './columns';
import { ownerId } from './workspaces';

export const QUEUE_JOB_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type QueueJobStatus = (typeof QUEUE_JOB_STATUSES)[number];

/** Progress of a lead import: leads added, skipped as duplicates, and revealed through Apollo. */
export interface JobProgress {
  current?: number;
  total?: number;
  added?: number;
  skipped?: number;
  revealed?: number;
  [key: string]: unknown;
}

/**
 * The user-visible record of a background job (e.g. a lead import the UI polls for progress).
 * pg-boss does the actual queueing, retries and scheduling; boss_job_id links the two.
 */
export const queueJobs = pgTable(
  'queue_jobs',
  {
    id: id(),
    workspaceId: ownerId(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: QUEUE_JOB_STATUSES }).notNull().default('pending'),
    progress: jsonb('progress').$type<JobProgress>().notNull().default({}),
    result: jsonb('result').$type<Record<string, unknown>>(),
    scheduledFor: tstz('scheduled_for').notNull().defaultNow(),
    attempts: counter('attempts'),
    maxAttempts: integer('max_attempts').notNull().default(3),
    error: text('error'),
    processedAt: tstz('processed_at'),
    bossJobId: text('boss_job_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('queue_jobs_user_created_idx').on(t.workspaceId, t.createdAt),
    index('queue_jobs_user_type_status_idx').on(t.workspaceId, t.type, t.status),
    oneOf('queue_jobs_status_check', t.status, QUEUE_JOB_STATUSES),
  ],
);
