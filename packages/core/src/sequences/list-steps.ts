import type { SequenceStep } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { findSequence } from './sequence-store';
import { selectSteps, toStep } from './step-store';

/** GET /api/sequences/{id}/steps: the sequence's steps ordered by `order`. */
export async function listSteps(
  deps: CoreDeps,
  workspaceId: string,
  sequenceId: string,
): Promise<SequenceStep[]> {
  await findSequence(deps.db, workspaceId, sequenceId);
  return (await selectSteps(deps.db, sequenceId)).map(toStep);
}
