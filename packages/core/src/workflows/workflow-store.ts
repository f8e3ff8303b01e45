import {
  WORKFLOW_NOT_FOUND,
  type Workflow,
  type WorkflowCriteria,
  type WorkflowRun,
  type WorkflowRunMetadata,
} from '@prospector/contracts';
import { type AppDb, workflowRuns, workflowStepEmailLists, workflowSteps, workflows } from '@prospector/db';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { WorkflowSchedule } from './next-run';

export type WorkflowRow = typeof workflows.$inferSelect;
export type WorkflowRunRow = typeof workflowRuns.$inferSelect;

/** The user's workflow, or a 404: another user's workflow does not exist for this one. */
export async function findWorkflow(db: AppDb, workspaceId: string, id: string): Promise<WorkflowRow> {
  const [row] = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.workspaceId, workspaceId), eq(workflows.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', WORKFLOW_NOT_FOUND);
  return row;
}

export function scheduleOf(row: Pick<WorkflowRow, keyof WorkflowSchedule>): WorkflowSchedule {
  return {
    startStrategy: row.startStrategy,
    startAt: row.startAt,
    frequencyType: row.frequencyType,
    frequencyInterval: row.frequencyInterval,
    isEndless: row.isEndless,
    endAt: row.endAt,
    timezone: row.timezone,
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toWorkflowRun(row: WorkflowRunRow): WorkflowRun {
  return {
    id: row.id,
    workflowId: row.workflowId,
    status: row.status,
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    leadsFound: row.leadsFound,
    leadsProcessed: row.leadsProcessed,
    error: row.error,
    metadata: row.metadata as WorkflowRunMetadata,
    createdAt: row.createdAt.toISOString(),
  };
}

const emptyCriteria: WorkflowCriteria = {
  jobTitles: [],
  locations: [],
  locationType: 'contact',
  industries: [],
  industryNames: [],
  employeeCounts: [],
  industryLabels: {},
};

export function toWorkflow(row: WorkflowRow, lastRun: WorkflowRunRow | null, hasList: boolean): Workflow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    startStrategy: row.startStrategy,
    startAt: iso(row.startAt),
    frequencyType: row.frequencyType,
    frequencyInterval: row.frequencyInterval,
    endAt: iso(row.endAt),
    isEndless: row.isEndless,
    criteria: { ...emptyCriteria, ...row.criteria } as WorkflowCriteria,
    leadLimit: row.leadLimit,
    timezone: row.timezone,
    lastRunAt: iso(row.lastRunAt),
    nextRunAt: iso(row.nextRunAt),
    lastRun: lastRun ? toWorkflowRun(lastRun) : null,
    needsList: !hasList,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The newest run of each of the given workflows. */
export async function latestRuns(
  db: AppDb,
  workspaceId: string,
  ids: string[],
): Promise<Map<string, WorkflowRunRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([workflowRuns.workflowId])
    .from(workflowRuns)
    .where(and(eq(workflowRuns.workspaceId, workspaceId), inArray(workflowRuns.workflowId, ids)))
    .orderBy(workflowRuns.workflowId, desc(workflowRuns.createdAt));
  return new Map(rows.map((row) => [row.workflowId, row]));
}

/** Those of the given workflows with at least one email list to add leads to (a deleted list is none). */
export async function workflowsWithList(db: AppDb, workspaceId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: workflowSteps.workflowId })
    .from(workflowSteps)
    .innerJoin(workflowStepEmailLists, eq(workflowStepEmailLists.workflowStepId, workflowSteps.id))
    .where(and(eq(workflowSteps.workspaceId, workspaceId), inArray(workflowSteps.workflowId, ids)));
  return new Set(rows.map((row) => row.id));
}

/** One workflow with its newest run, as the API returns it. */
export async function loadWorkflow(db: AppDb, workspaceId: string, id: string): Promise<Workflow> {
  const row = await findWorkflow(db, workspaceId, id);
  const [runs, withList] = await Promise.all([
    latestRuns(db, workspaceId, [id]),
    workflowsWithList(db, workspaceId, [id]),
  ]);
  return toWorkflow(row, runs.get(id) ?? null, withList.has(id));
}
