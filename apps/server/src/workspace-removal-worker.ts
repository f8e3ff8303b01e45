import { type CoreDeps, removeDeletedWorkspaces, WORKSPACE_REMOVAL_JOB } from '@prospector/core';
import type { PgBoss } from '@prospector/db';
import type { Log } from './log';

/**
 * Removes the records of deleted workspaces: a round when a workspace is deleted, and every five minutes
 * for a round that did not finish (a worker stopped in the middle).
 */
export async function startWorkspaceRemoval(
  boss: PgBoss,
  deps: Pick<CoreDeps, 'db'>,
  log: Log,
): Promise<void> {
  await boss.schedule(WORKSPACE_REMOVAL_JOB, '*/5 * * * *');
  await boss.work(WORKSPACE_REMOVAL_JOB, { pollingIntervalSeconds: 1 }, async () => {
    const removed = await removeDeletedWorkspaces(deps);
    if (removed > 0) log.info(`Deleted workspaces: ${removed} records removed`);
  });
}
