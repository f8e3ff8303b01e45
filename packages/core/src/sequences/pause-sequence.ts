import type { Sequence } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import type { Actor } from '../workspaces/actor';
import { changeSequenceStatus } from './change-sequence-status';

/** POST /api/sequences/{id}/pause: running to paused (pausing a paused sequence changes nothing). */
export function pauseSequence(
  deps: CoreDeps,
  workspaceId: string,
  actor: Actor,
  id: string,
): Promise<Sequence> {
  return changeSequenceStatus(deps, workspaceId, actor, id, 'paused');
}
