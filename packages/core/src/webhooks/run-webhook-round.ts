import type { CoreDeps } from '../deps';
import { type ClaimedMessage, claimDueMessages, reclaimStaleMessages } from './claim-messages';
import { openSecret } from './endpoint-store';
import { postWebhook } from './post-webhook';
import { type AttemptOutcome, recordOutcomes } from './record-outcomes';
import { signWebhook } from './sign-webhook';

/** The pg-boss queue of delivery rounds. */
export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';
/** Messages one round claims. */
export const WEBHOOK_BATCH = 200;
/** Endpoints delivered to at once; one endpoint's messages go one after another, in event order. */
const ENDPOINT_LANES = 16;

export interface WebhookRound {
  claimed: number;
  delivered: number;
  failed: number;
  reclaimed: number;
}

/**
 * One delivery round: abandoned messages are taken back, due ones claimed, each endpoint's delivered in
 * order (an endpoint that answers 410 gets nothing more), and the outcomes recorded together.
 */
export async function runWebhookRound(deps: CoreDeps, batch = WEBHOOK_BATCH): Promise<WebhookRound> {
  const reclaimed = await reclaimStaleMessages(deps);
  const messages = await claimDueMessages(deps, batch);
  const byEndpoint = new Map<string, ClaimedMessage[]>();
  for (const message of messages) {
    const list = byEndpoint.get(message.endpointId) ?? [];
    list.push(message);
    byEndpoint.set(message.endpointId, list);
  }
  const outcomes: AttemptOutcome[] = [];
  const queues = [...byEndpoint.values()];
  const lane = async () => {
    for (let list = queues.shift(); list; list = queues.shift()) {
      for (const message of list) {
        const outcome = await deliver(deps, message);
        outcomes.push(outcome);
        if (outcome.statusCode === 410) break;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(ENDPOINT_LANES, queues.length) }, lane));
  const attempted = new Set(outcomes.map((outcome) => outcome.message.id));
  const untried = messages.filter((message) => !attempted.has(message.id));
  await recordOutcomes(deps, outcomes, untried);
  const delivered = outcomes.filter((outcome) => outcome.ok).length;
  return { claimed: messages.length, delivered, failed: outcomes.length - delivered, reclaimed };
}

async function deliver(deps: CoreDeps, message: ClaimedMessage): Promise<AttemptOutcome> {
  const now = deps.clock.now();
  const secrets = [openSecret(deps, message.secret)];
  if (message.previousSecret && message.previousSecretExpiresAt && message.previousSecretExpiresAt > now)
    secrets.push(openSecret(deps, message.previousSecret));
  const body = JSON.stringify({
    type: message.eventType,
    timestamp: message.occurredAt.toISOString(),
    data: message.data,
  });
  const started = performance.now();
  const result = await postWebhook(message.url, signWebhook(secrets, message.eventId, now, body), body, {
    allowPrivate: deps.webhooks?.allowPrivateUrls ?? false,
    now,
  });
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  return { message, ok, at: now, durationMs: Math.round(performance.now() - started), ...result };
}
