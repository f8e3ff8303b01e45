import { handleSystemEmail, SYSTEM_EMAIL_JOB, type SystemEmailDeps } from '@prospector/core';
import { createQueue, type Database, type PgBoss } from '@prospector/db';
import type { Log } from './log';

/** Every queue the app sends to, with its retry policy: three attempts in all, with backoff. */
const QUEUES = [{ name: SYSTEM_EMAIL_JOB, retryLimit: 2, retryDelay: 5, retryBackoff: true }];

/**
 * Starts pg-boss in the app's database and makes sure the queues exist. `maintenance: false` is for an
 * API-only process: it sends jobs, and leaves supervision and cron to the worker processes.
 */
export async function startQueue(database: Database, log: Log, options: { maintenance: boolean }) {
  for (let attempt = 1; ; attempt++) {
    const boss = createQueue(database, { supervise: options.maintenance, schedule: options.maintenance });
    boss.on('error', (error) => log.error(error, 'Job queue error'));
    try {
      await boss.start();
      for (const queue of QUEUES) await boss.createQueue(queue.name, queue);
      return boss;
    } catch (error) {
      if (attempt >= 5 || !isInstallRace(error)) throw error;
      // A failed start() leaves the instance unusable; try again with a new one.
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

/**
 * Two processes starting on a fresh PostgreSQL database can both try to install pg-boss's schema. Its
 * advisory lock does not refresh the catalog cache, so the loser fails with a unique violation on
 * pg_namespace; by the time it retries, the schema is there.
 */
function isInstallRace(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

/** Runs `system-email` jobs: password reset mail today. A throw makes pg-boss retry the job. */
export async function startSystemEmailWorker(boss: PgBoss, deps: SystemEmailDeps, log: Log): Promise<void> {
  await boss.work(SYSTEM_EMAIL_JOB, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) {
      try {
        await handleSystemEmail(deps, job.data);
      } catch (error) {
        log.error({ err: error, jobId: job.id }, 'system-email job failed');
        throw error;
      }
    }
  });
}
