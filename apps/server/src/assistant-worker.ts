import { ASSISTANT_AUTO_SEND_JOB, type CoreDeps, runAutoSendRound } from '@prospector/core';
import type { PgBoss } from '@prospector/db';
import type { Log } from './log';

const ASK_EVERY_MS = 30_000;

/**
 * Auto-send of the Inbox's drafts: a round every 30 seconds sends the drafts whose delay is over. Each
 * draft is claimed with a guarded update, so two workers never send the same one.
 */
export async function startAssistantAutoSend(boss: PgBoss, deps: CoreDeps, log: Log): Promise<void> {
  await boss.work(ASSISTANT_AUTO_SEND_JOB, { pollingIntervalSeconds: 5 }, async () => {
    const round = await runAutoSendRound(deps);
    if (round.sent || round.refused)
      log.info(`Assistant auto-send: ${round.sent} sent, ${round.refused} refused`);
  });
  const ask = () => {
    boss
      .send(ASSISTANT_AUTO_SEND_JOB, {})
      .catch((error: unknown) => log.error({ err: error }, 'Asking for an auto-send round failed'));
  };
  const timer = setInterval(ask, ASK_EVERY_MS);
  timer.unref();
  boss.once('stopped', () => clearInterval(timer));
}
