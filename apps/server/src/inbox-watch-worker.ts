import {
  createInboxWatchers,
  type EngineDeps,
  type InboxWatchers,
  MAILBOX_POLL_JOB,
  pollMailbox,
} from '@prospector/core';
import type { PgBoss } from '@prospector/db';
import type { Log } from './log';

/** How often the watchers follow the mailbox set (new, disconnected, removed mailboxes; retries). */
const REFRESH_EVERY_MS = 15_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * IMAP IDLE for SMTP mailboxes (decision 040): this worker keeps an IDLE connection per connected SMTP
 * mailbox whose server offers IDLE, up to a cap, and new mail asks for a `mailbox-poll` of that mailbox
 * (one waiting per mailbox), which reads it the way the scheduled reply poll does. The schedule keeps
 * running for every mailbox: IDLE only makes a reply arrive sooner.
 */
export async function startInboxWatch(
  boss: PgBoss,
  deps: EngineDeps,
  log: Log,
  options: { maxConnections?: number } = {},
): Promise<{ watchers: InboxWatchers; stop(): Promise<void> }> {
  await boss.work<{ accountId?: unknown }>(MAILBOX_POLL_JOB, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const { data } of jobs) {
      const accountId = typeof data?.accountId === 'string' ? data.accountId : '';
      if (!UUID.test(accountId)) continue;
      try {
        await pollMailbox(deps, accountId);
      } catch (error) {
        log.warn({ err: error, accountId }, 'Polling a mailbox for replies failed');
      }
    }
  });
  const watchers = createInboxWatchers(deps, {
    wake: (accountId) => {
      boss
        .send(MAILBOX_POLL_JOB, { accountId }, { singletonKey: accountId })
        .catch((error: unknown) => log.error({ err: error, accountId }, 'Asking for a mailbox poll failed'));
    },
    report: ({ accountId, event, detail }) => {
      if (event === 'no-idle')
        log.info(
          `Mailbox ${accountId}: its IMAP server does not offer IDLE; replies are read on the schedule`,
        );
      else if (event !== 'watching') log.warn({ accountId, detail }, `IMAP IDLE connection ${event}`);
    },
    ...options,
  });
  const refresh = () => {
    watchers
      .refresh()
      .catch((error: unknown) => log.error({ err: error }, 'Following the mailboxes for IMAP IDLE failed'));
  };
  refresh();
  const timer = setInterval(refresh, REFRESH_EVERY_MS);
  timer.unref();
  boss.once('stopped', () => clearInterval(timer));
  return {
    watchers,
    stop: async () => {
      clearInterval(timer);
      await watchers.stop();
    },
  };
}
