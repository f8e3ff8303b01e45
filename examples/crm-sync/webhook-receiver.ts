import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { components } from '../../apps/server/src/routes/public-api/client/v1-api.generated';

type Schemas = components['schemas'];
/** A contact event as the OpenAPI document's webhooks section describes it. */
export type ContactEvent =
  | Schemas['ContactCreatedEvent']
  | Schemas['ContactUpdatedEvent']
  | Schemas['ContactDeletedEvent'];

/**
 * A local HTTP server that receives Prospector's webhooks: each delivery's signature is verified with the
 * `standardwebhooks` package (the endpoint's `whsec_` secret); a delivery that does not verify is refused
 * with 401 and never handled. Deliveries are de-duplicated by `webhook-id` (a retry carries the same id).
 */
export async function startWebhookReceiver(onEvent: (event: ContactEvent) => void) {
  let verifier: Webhook | null = null;
  const seen = new Set<string>();
  const counts = { verified: 0, refused: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(request.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
      };
      let event: ContactEvent;
      try {
        if (!verifier) throw new Error('no secret yet');
        event = verifier.verify(body, headers) as ContactEvent;
      } catch {
        counts.refused += 1;
        response.writeHead(401).end();
        return;
      }
      counts.verified += 1;
      if (!seen.has(headers['webhook-id'])) {
        seen.add(headers['webhook-id']);
        onEvent(event);
      }
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/prospector-webhooks`,
    counts,
    /** The endpoint's signing secret, known once the endpoint is created. */
    useSecret: (secret: string) => {
      verifier = new Webhook(secret);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
