import type { Sequence, WithCreator } from '@prospector/contracts';
import { creatorName } from '../creator-name';
import type { CoreDeps } from '../deps';
import { findSequence, toSequence } from './sequence-store';

/** GET /api/sequences/{id}, with the name of the member who made it. */
export async function getSequence(
  deps: CoreDeps,
  workspaceId: string,
  id: string,
): Promise<WithCreator<Sequence>> {
  const row = await findSequence(deps.db, workspaceId, id);
  return { ...toSequence(row), createdByName: await creatorName(deps.db, row.createdBy) };
}
