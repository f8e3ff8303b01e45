import type { Workflow } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { loadWorkflow } from './workflow-store';

/** GET /api/workflows/{id}. */
export async function getWorkflow(deps: CoreDeps, workspaceId: string, id: string): Promise<Workflow> {
  return loadWorkflow(deps.db, workspaceId, id);
}
