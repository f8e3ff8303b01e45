import type { LinkedEmailList } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { selectLinkedEmailLists } from './linked-email-lists';
import { findSequence } from './sequence-store';

/** GET /api/sequences/{id}/email-lists. */
export async function listSequenceEmailLists(
  deps: CoreDeps,
  workspaceId: string,
  sequenceId: string,
): Promise<LinkedEmailList[]> {
  return selectLinkedEmailLists(deps.db, workspaceId, await findSequence(deps.db, workspaceId, sequenceId));
}
