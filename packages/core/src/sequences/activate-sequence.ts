import type { Sequence } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { changeSequenceStatus } from './change-sequence-status';

/** POST /api/sequences/{id}/activate: draft or paused to running, once its steps are complete. */
export function activateSequence(deps: CoreDeps, userId: string, id: string): Promise<Sequence> {
  return changeSequenceStatus(deps, userId, id, 'running');
}
