// Shared set-up of the webhook benchmarks: a scratch PostgreSQL database with one user, one endpoint
// pointing at a local receiver (which de-duplicates by webhook-id), and helpers to fill the outbox.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { encryptSecret, recordEvents } from '@prospector/core';
import { scratchPostgres } from './scratch-postgres.mjs';

export const APP_SECRET = 'bench-app-secret-bench-app-secret-bench';
export const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/** A receiver on loopback answering 200, counting deliveries and distinct webhook-ids. */
export async function startReceiver({ delayMs = 0 } = {}) {
  const seen = new Map();
  let total = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      total += 1;
      const id = String(request.headers['webhook-id']);
      seen.set(id, (seen.get(id) ?? 0) + 1);
      const answer = () => response.writeHead(200).end('ok');
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/hooks`,
    get total() {
      return total;
    },
    get unique() {
      return seen.size;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Scratch database, a user and an enabled endpoint subscribed to every email event. */
export async function startWebhookBench(receiverUrl) {
  const scratch = await scratchPostgres({ poolSize: 8 });
  const { database } = scratch;
  const workspaceId = randomUUID();
  await database.executeSql(
    `insert into users (id, email, full_name, password_hash) values ($1, $2, 'Bench', 'x')`,
    [workspaceId, `bench-${workspaceId}@example.com`],
  );
  const endpointId = randomUUID();
  await database.executeSql(
    `insert into webhook_endpoints (id, workspace_id, url, event_types, secret) values ($1, $2, $3, $4, $5)`,
    [endpointId, workspaceId, receiverUrl, ['email.sent', 'email.opened'], encryptSecret(SECRET, APP_SECRET)],
  );
  const deps = (clock = { now: () => new Date() }) => ({
    db: database.db,
    clock,
    appSecret: APP_SECRET,
    webhooks: { allowPrivateUrls: true },
  });
  /** Writes `count` email.opened events to the outbox, 500 per statement. */
  const fillOutbox = async (count) => {
    for (let done = 0; done < count; done += 500) {
      const batch = Array.from({ length: Math.min(500, count - done) }, (_, i) => ({
        workspaceId,
        type: 'email.opened',
        at: new Date(),
        data: { n: done + i, contact: { email: `lead-${done + i}@example.com` } },
      }));
      await database.db.transaction((tx) => recordEvents(tx, batch));
    }
  };
  return { ...scratch, workspaceId, endpointId, deps, fillOutbox };
}
