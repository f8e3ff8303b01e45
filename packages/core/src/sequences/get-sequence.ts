import type { Sequence } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { findSequence, toSequence } from './sequence-store';

/** GET /api/sequences/{id}. */
export async function getSequence(deps: CoreDeps, workspaceId: string, id: string): Promise<Sequence> {
  return toSequence(await findSequence(deps.db, workspaceId, id));
}
