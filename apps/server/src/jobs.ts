import {
  ASSISTANT_AUTO_SEND_JOB,
  type CoreDeps,
  type EngineDeps,
  handleSystemEmail,
  LEAD_IMPORT_JOB,
  LIST_REMOVAL_JOB,
  MAILBOX_HEALTH_CHECK_JOB,
  MAILBOX_HEALTH_RECHECK_JOB,
  MAILBOX_POLL_JOB,
  type MailboxHealthDeps,
  pollReplies,
  REPLY_POLL_JOB,
  recheckAllMailboxes,
  recheckTrackingDomains,
  runDueWorkflows,
  runEngineRound,
  runHealthCheckJob,
  runLeadImportJob,
  SEQUENCE_ENGINE_JOB,
  SYSTEM_EMAIL_JOB,
  type SystemEmailDeps,
  TRACKING_DOMAIN_RECHECK_JOB,
  type TrackingDomainDeps,
  WEBHOOK_DELIVERY_JOB,
  WORKFLOW_SCHEDULER_JOB,
  WORKSPACE_REMOVAL_JOB,
} from '@prospector/core';
import { createQueue, type Database, type PgBoss } from '@prospector/db';
import type { Log } from './log';

/** Every queue the app sends to, with its retry policy: three attempts in all, with backoff. */
const QUEUES = [
  { name: SYSTEM_EMAIL_JOB, retryLimit: 2, retryDelay: 5, retryBackoff: true },
  // A tick that fails is not retried: the next minute's tick does the same work. A tick may run a long
  // import, so it is given an hour before pg-boss calls it expired.
  { name: WORKFLOW_SCHEDULER_JOB, retryLimit: 0, expireInSeconds: 3600 },
  // A lead import records its own failure; one retry covers a worker that died mid-import.
  { name: LEAD_IMPORT_JOB, retryLimit: 1, retryDelay: 30 },
  // Engine rounds are idempotent and the next one redoes a failed one, so no retry; 'short' keeps at most
  // one waiting job per key (cron and requests share one, wake-ups have their own).
  { name: SEQUENCE_ENGINE_JOB, policy: 'short' as const, retryLimit: 0, expireInSeconds: 900 },
  // Reply polls: 'stately' keeps one waiting and one running at most, however many workers ask; a failed
  // poll is simply repeated by the next one.
  { name: REPLY_POLL_JOB, policy: 'stately' as const, retryLimit: 0, expireInSeconds: 900 },
  // A poll of one mailbox its IDLE connection asked for: 'short' keeps one waiting per mailbox (the
  // singleton key), and a failed one is covered by the schedule.
  { name: MAILBOX_POLL_JOB, policy: 'short' as const, retryLimit: 0, expireInSeconds: 900 },
  // Webhook rounds keep their own retry schedule in webhook_messages; 'short' keeps one waiting round.
  { name: WEBHOOK_DELIVERY_JOB, policy: 'short' as const, retryLimit: 0, expireInSeconds: 900 },
  // Auto-send rounds claim each draft once; 'short' keeps one waiting round.
  { name: ASSISTANT_AUTO_SEND_JOB, policy: 'short' as const, retryLimit: 0, expireInSeconds: 900 },
  // Removing deleted lists' memberships; a round that fails is redone by the next, 'short' keeps one waiting.
  { name: LIST_REMOVAL_JOB, policy: 'short' as const, retryLimit: 0, expireInSeconds: 3600 },
  // Removing deleted workspaces' records, likewise.
  { name: WORKSPACE_REMOVAL_JOB, policy: 'short' as const, retryLimit: 0, expireInSeconds: 3600 },
  // The daily DNS re-check of tracking domains; tomorrow's run redoes a failed one.
  { name: TRACKING_DOMAIN_RECHECK_JOB, policy: 'short' as const, retryLimit: 0, expireInSeconds: 3600 },
  // A newly connected mailbox's sender health: one retry covers a worker that died mid-check.
  { name: MAILBOX_HEALTH_CHECK_JOB, retryLimit: 1, retryDelay: 60, expireInSeconds: 900 },
  // The daily sender-health check of every mailbox; tomorrow's run redoes a failed one.
  { name: MAILBOX_HEALTH_RECHECK_JOB, policy: 'short' as const, retryLimit: 0, expireInSeconds: 3 * 3600 },
];

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

/** Runs `system-email` jobs: password reset and invitation mail. A throw makes pg-boss retry the job. */
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

/**
 * The workflow scheduler (decision 014): a tick every minute, plus the ticks requests send when a workflow
 * becomes due. Each tick claims due workflows and runs pending runs; claims are guarded in the database, so
 * any number of workers may tick at once.
 */
export async function startWorkflowScheduler(boss: PgBoss, deps: CoreDeps, log: Log): Promise<void> {
  await boss.schedule(WORKFLOW_SCHEDULER_JOB, '* * * * *');
  // Two ticks at a time per process, so one long run does not hold up workflows that fall due meanwhile.
  for (let worker = 0; worker < 2; worker++) {
    await boss.work(WORKFLOW_SCHEDULER_JOB, { pollingIntervalSeconds: 1 }, async () => {
      const outcomes = await runDueWorkflows(deps);
      for (const outcome of outcomes) {
        if (outcome.unexpected)
          log.error({ err: outcome.unexpected, runId: outcome.runId }, 'Workflow run failed');
      }
    });
  }
}

/** Lead imports into email lists (Leads Finder's Add Selected and Add All Results). */
export async function startLeadImportWorker(boss: PgBoss, deps: CoreDeps, log: Log): Promise<void> {
  await boss.work(LEAD_IMPORT_JOB, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) {
      try {
        // An import waiting for Apollo's hourly or daily limit is queued again for when it resets.
        const { resumeAt } = await runLeadImportJob(deps, job.data);
        if (resumeAt) await boss.send(LEAD_IMPORT_JOB, job.data as object, { startAfter: resumeAt });
      } catch (error) {
        log.error({ err: error, jobId: job.id }, 'Lead import failed');
        throw error;
      }
    }
  });
}

/** How far ahead a round books its own wake-up; the every-minute cron covers anything later. */
const ENGINE_WAKE_HORIZON_MS = 60_000;

/**
 * The sending engine (decision 011): a round every minute (cron) and whenever a launch or enrolment asks,
 * plus a wake-up booked for the moment a mailbox's gap ends or the next email falls due within the
 * minute. Claims are guarded in the database, so any number of workers may run rounds at once.
 */
export async function startSendingEngine(boss: PgBoss, deps: EngineDeps, log: Log): Promise<void> {
  await boss.schedule(SEQUENCE_ENGINE_JOB, '* * * * *');
  await boss.work(SEQUENCE_ENGINE_JOB, { pollingIntervalSeconds: 1 }, async () => {
    const round = await runEngineRound(deps);
    if (round.failed > 0) log.warn({ failed: round.failed }, 'Sequence emails failed');
    const wake = round.nextWakeAt;
    if (wake && wake.getTime() - deps.clock.now().getTime() < ENGINE_WAKE_HORIZON_MS) {
      await boss.send(SEQUENCE_ENGINE_JOB, {}, { startAfter: wake, singletonKey: 'wake' });
    }
  });
}

/**
 * The reply poller (decision 012): every `everySeconds` each worker asks for a poll of every connected
 * mailbox; the queue runs one at a time. Replies stop enrolments, bounces flag contacts.
 */
export async function startReplyPoller(
  boss: PgBoss,
  deps: EngineDeps,
  log: Log,
  everySeconds: number,
): Promise<void> {
  await boss.work(REPLY_POLL_JOB, { pollingIntervalSeconds: 1 }, async () => {
    const outcome = await pollReplies(deps);
    for (const failure of outcome.failed) {
      log.warn({ err: failure.error, accountId: failure.accountId }, 'Polling a mailbox for replies failed');
    }
  });
  const ask = () => {
    boss
      .send(REPLY_POLL_JOB, {})
      .catch((error: unknown) => log.error({ err: error }, 'Asking for a reply poll failed'));
  };
  ask();
  const timer = setInterval(ask, everySeconds * 1000);
  timer.unref();
  boss.once('stopped', () => clearInterval(timer));
}

/**
 * The daily re-check of every tracking domain's CNAME (decision 035): a domain whose record was removed or
 * changed turns failed, and emails sent after it use the app's host again.
 */
export async function startTrackingDomainRecheck(
  boss: PgBoss,
  deps: TrackingDomainDeps,
  log: Log,
): Promise<void> {
  await boss.schedule(TRACKING_DOMAIN_RECHECK_JOB, '17 3 * * *');
  await boss.work(TRACKING_DOMAIN_RECHECK_JOB, { pollingIntervalSeconds: 5 }, async () => {
    const outcome = await recheckTrackingDomains(deps);
    log.info(`Tracking domains checked: ${outcome.verified} verified, ${outcome.failed} failed`);
  });
}

/**
 * Sender health (SPF, DKIM, DMARC, blocklists) of mailboxes: a check of each newly connected mailbox, and
 * every connected mailbox once a day; a domain that newly fails DMARC alignment or is blocklisted holds its
 * mailboxes, and one that passes again releases them.
 */
export async function startSenderHealthChecks(
  boss: PgBoss,
  deps: MailboxHealthDeps,
  log: Log,
): Promise<void> {
  await boss.work(MAILBOX_HEALTH_CHECK_JOB, { pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) await runHealthCheckJob(deps, job.data);
  });
  await boss.schedule(MAILBOX_HEALTH_RECHECK_JOB, '43 4 * * *');
  await boss.work(MAILBOX_HEALTH_RECHECK_JOB, { pollingIntervalSeconds: 5 }, async () => {
    const outcome = await recheckAllMailboxes(deps);
    log.info(`Sender health checked: ${outcome.checked} mailboxes, ${outcome.failed} could not be checked`);
  });
}
