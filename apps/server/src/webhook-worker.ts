import { type CoreDeps, pruneWebhookHistory, runWebhookRound, WEBHOOK_DELIVERY_JOB } from '@prospector/core';
import type { PgBoss } from '@prospector/db';
import type { Log } from './log';

/** How often each worker asks for a delivery round when nothing else asked. */
const ASK_EVERY_MS = 1000;
/** A round that claimed a full batch is followed at once by the next, for at most this long per job. */
const ROUNDS_PER_JOB_MS = 30_000;
const PRUNE_EVERY_MS = 3600_000;

/**
 * Webhook delivery (decision 019): each worker asks for a round every second, and a request that writes a
 * test event or a resend asks at once. A round claims due messages with a guarded update, so any number of
 * workers may deliver side by side.
 */
export async function startWebhookDelivery(boss: PgBoss, deps: CoreDeps, log: Log): Promise<void> {
  await boss.work(WEBHOOK_DELIVERY_JOB, { pollingIntervalSeconds: 1 }, async () => {
    const started = Date.now();
    for (;;) {
      const round = await runWebhookRound(deps);
      if (round.claimed === 0 || Date.now() - started > ROUNDS_PER_JOB_MS) break;
    }
  });
  const ask = () => {
    boss
      .send(WEBHOOK_DELIVERY_JOB, {})
      .catch((error: unknown) => log.error({ err: error }, 'Asking for a webhook round failed'));
  };
  const timer = setInterval(ask, ASK_EVERY_MS);
  timer.unref();
  // Settled events past the retention go once an hour (any worker may do it; the delete is idempotent).
  const prune = setInterval(() => {
    pruneWebhookHistory(deps).catch((error: unknown) =>
      log.error({ err: error }, 'Pruning webhook history failed'),
    );
  }, PRUNE_EVERY_MS);
  prune.unref();
  boss.once('stopped', () => {
    clearInterval(timer);
    clearInterval(prune);
  });
}
