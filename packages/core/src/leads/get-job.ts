import type { JobStatusResponse } from '@prospector/contracts';
import { queueJobs } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { toJobStatus } from './lead-import-job';

export const JOB_NOT_FOUND = 'Job not found';

/** GET /api/jobs/{jobId}: the user's own job; another user's is a 404. */
export async function getJob(deps: CoreDeps, workspaceId: string, jobId: string): Promise<JobStatusResponse> {
  const [row] = await deps.db
    .select()
    .from(queueJobs)
    .where(and(eq(queueJobs.id, jobId), eq(queueJobs.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', JOB_NOT_FOUND);
  return toJobStatus(row);
}
