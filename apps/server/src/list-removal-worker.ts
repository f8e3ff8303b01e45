import { type CoreDeps, LIST_REMOVAL_JOB, removeDeletedLists } from '@prospector/core';
import type { PgBoss } from '@prospector/db';
import type { Log } from './log';

/**
 * Removes the memberships of deleted lists (decision 045): a round when a list is deleted, and every five
 * minutes for a round that did not finish (a worker stopped in the middle).
 */
export async function startListRemoval(boss: PgBoss, deps: Pick<CoreDeps, 'db'>, log: Log): Promise<void> {
  await boss.schedule(LIST_REMOVAL_JOB, '*/5 * * * *');
  await boss.work(LIST_REMOVAL_JOB, { pollingIntervalSeconds: 1 }, async () => {
    const removed = await removeDeletedLists(deps);
    if (removed > 0) log.info(`Deleted lists: ${removed} memberships removed`);
  });
}
