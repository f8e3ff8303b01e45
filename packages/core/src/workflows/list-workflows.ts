import type { Workflow } from '@prospector/contracts';
import { workflows } from '@prospector/db';
import { desc, eq } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { latestRuns, toWorkflow, workflowsWithList } from './workflow-store';

/** GET /api/workflows: the user's workflows, newest first, each with its latest run. */
export async function listWorkflows(deps: CoreDeps, workspaceId: string): Promise<Workflow[]> {
  const rows = await deps.db
    .select()
    .from(workflows)
    .where(eq(workflows.workspaceId, workspaceId))
    .orderBy(desc(workflows.createdAt), desc(workflows.id));
  const ids = rows.map((row) => row.id);
  const [runs, withList] = await Promise.all([
    latestRuns(deps.db, workspaceId, ids),
    workflowsWithList(deps.db, workspaceId, ids),
  ]);
  return rows.map((row) => toWorkflow(row, runs.get(row.id) ?? null, withList.has(row.id)));
}
