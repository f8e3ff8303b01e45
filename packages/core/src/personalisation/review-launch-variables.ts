import type { LaunchVariablesReport } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { findSequence } from '../sequences/sequence-store';
import { checkLaunchVariables } from './check-launch-variables';

/** GET /api/sequences/{id}/launch-variables: the launch's variable check, before launching. */
export async function reviewLaunchVariables(
  deps: CoreDeps,
  workspaceId: string,
  sequenceId: string,
): Promise<LaunchVariablesReport> {
  const sequence = await findSequence(deps.db, workspaceId, sequenceId);
  return checkLaunchVariables(deps.db, {
    workspaceId,
    sequenceId: sequence.id,
    source: { linkedLists: true },
  });
}
