import type { Sequence } from '@prospector/contracts';
import type { EngineDeps } from '../engine/engine-deps';
import { launchSequence } from '../engine/launch-sequence';
import { nothingToSendProblem } from '../engine/something-to-send';
import type { Actor } from '../workspaces/actor';
import { changeSequenceStatus } from './change-sequence-status';
import { findSequence, toSequence } from './sequence-store';

/**
 * POST /api/sequences/{id}/activate: a sequence never launched, or one whose every enrolment has finished,
 * starts through the launch (its checks, its enrolment of the linked lists; refused with the reasons when
 * nothing could be sent); a paused one with enrolments still to go runs again.
 */
export async function activateSequence(
  deps: EngineDeps,
  workspaceId: string,
  actor: Actor,
  id: string,
): Promise<Sequence> {
  const current = await findSequence(deps.db, workspaceId, id);
  const startsByLaunch =
    current.status !== 'running' &&
    current.status !== 'completed' &&
    (!current.launchedAt || (await nothingToSendProblem(deps.db, workspaceId, id, 0)) !== null);
  if (!startsByLaunch) return changeSequenceStatus(deps, workspaceId, actor, id, 'running');
  await launchSequence(deps, workspaceId, actor, id);
  return toSequence(await findSequence(deps.db, workspaceId, id));
}
