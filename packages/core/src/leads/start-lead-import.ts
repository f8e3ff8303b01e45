import {
  ADD_ALL_LEADS_CAP,
  type AddAllLeadsToPersonaInput,
  type AddLeadsToPersonaInput,
  type ImportJobStarted,
  isLockedEmail,
  type LeadImportPayload,
} from '@prospector/contracts';
import { queueJobs } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps, JobQueue } from '../deps';
import { findPersona } from '../personas/persona-store';
import { resolveApolloConnection } from './apollo-connection';
import { EMPTY_PROGRESS, LEAD_IMPORT_JOB, LEAD_IMPORT_TYPE } from './lead-import-job';

export const NO_VALID_EMAILS = 'No valid emails';

/** Records the import in queue_jobs (what the UI polls) and hands it to pg-boss. */
async function startLeadImport(
  deps: CoreDeps,
  queue: JobQueue,
  workspaceId: string,
  payload: LeadImportPayload,
): Promise<ImportJobStarted> {
  await findPersona(deps.db, workspaceId, payload.personaId);
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(queueJobs)
    .values({
      workspaceId,
      type: LEAD_IMPORT_TYPE,
      payload: payload as unknown as Record<string, unknown>,
      status: 'pending',
      progress: { ...EMPTY_PROGRESS, ...(payload.mode === 'selected' && { total: payload.leads.length }) },
      scheduledFor: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: queueJobs.id });
  if (!row) throw new Error('queue_jobs insert returned no row');
  const bossJobId = await queue.send(LEAD_IMPORT_JOB, { jobId: row.id });
  if (bossJobId) await deps.db.update(queueJobs).set({ bossJobId }).where(eq(queueJobs.id, row.id));
  return { jobId: row.id };
}

/**
 * POST /api/apollo/add-to-persona: the selected leads join the list in a background job (locked emails
 * are revealed there). Leads without any email cannot be added: none at all is 'No valid emails'.
 */
export async function addLeadsToPersona(
  deps: CoreDeps,
  queue: JobQueue,
  workspaceId: string,
  input: AddLeadsToPersonaInput,
): Promise<ImportJobStarted> {
  if (input.leads.every((lead) => !lead.email)) throw new AppError('VALIDATION_ERROR', NO_VALID_EMAILS);
  // Locked emails are revealed through Apollo: refuse now rather than fail in the job.
  if (input.leads.some((lead) => isLockedEmail(lead.email))) await resolveApolloConnection(deps, workspaceId);
  return startLeadImport(deps, queue, workspaceId, {
    mode: 'selected',
    personaId: input.personaId,
    leads: input.leads,
  });
}

/**
 * POST /api/apollo/add-all-to-persona: every result of the search, up to ADD_ALL_LEADS_CAP, joins the list
 * in a background job. Apollo must be reachable for the user (their key or the sandbox) before it starts.
 */
export async function addAllLeadsToPersona(
  deps: CoreDeps,
  queue: JobQueue,
  workspaceId: string,
  input: AddAllLeadsToPersonaInput,
): Promise<ImportJobStarted> {
  await resolveApolloConnection(deps, workspaceId);
  const { personaId, ...filters } = input;
  return startLeadImport(deps, queue, workspaceId, {
    mode: 'all',
    personaId,
    filters,
    cap: ADD_ALL_LEADS_CAP,
  });
}
