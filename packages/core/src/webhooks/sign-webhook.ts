import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks headers for one attempt: `webhook-id` (the event's id, the same on every retry, for
 * the receiver to de-duplicate), `webhook-timestamp` (seconds) and `webhook-signature`, one `v1,<sig>` per
 * valid secret, space separated, signed by the reference library.
 */
export function signWebhook(
  secrets: string[],
  id: string,
  at: Date,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => signer(secret).sign(id, at, body)).join(' '),
  };
}

const signers = new Map<string, Webhook>();
function signer(secret: string): Webhook {
  let webhook = signers.get(secret);
  if (!webhook) {
    webhook = new Webhook(secret);
    if (signers.size > 1000) signers.clear();
    signers.set(secret, webhook);
  }
  return webhook;
}
