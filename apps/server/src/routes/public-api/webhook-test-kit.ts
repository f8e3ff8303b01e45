import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookEndpointCreated, WebhookEventType } from '@prospector/contracts';
import type { CoreDeps } from '@prospector/core';
import type { SignedInClient } from '../../testing/contact-test-kit';
import type { TestApp } from '../../testing/test-app';
import { testConfig } from '../../testing/test-app';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on a loopback port: it records every request and answers with the next status of
 * `answers` (then 200), optionally with headers. It de-duplicates by webhook-id in `unique`.
 */
export async function startReceiver(
  answers: (number | { status: number; headers: Record<string, string> })[] = [],
) {
  const received: Received[] = [];
  const unique = new Map<string, Received>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      const answer = answers.shift() ?? 200;
      const { status, headers } = typeof answer === 'number' ? { status: answer, headers: {} } : answer;
      if (status < 300) unique.set(String(request.headers['webhook-id']), entry);
      response.writeHead(status, headers).end(status < 300 ? 'ok' : 'not now');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    unique,
    events: () =>
      received.map(
        (r) => JSON.parse(r.body) as { type: string; timestamp: string; data: Record<string, unknown> },
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** The core dependencies a worker delivers with, on the test app's database and clock. */
export function deliveryDeps(env: TestApp, allowPrivateUrls = true): CoreDeps {
  return {
    db: env.database.db,
    clock: env.clock,
    appSecret: testConfig().appSecret,
    webhooks: { allowPrivateUrls },
  };
}

export async function createEndpoint(
  browser: SignedInClient,
  url: string,
  eventTypes: (WebhookEventType | string)[],
): Promise<WebhookEndpointCreated> {
  const response = await browser.post('/api/webhooks', { url, eventTypes, description: 'CRM' });
  if (response.statusCode !== 201) throw new Error(`create webhook: ${response.statusCode} ${response.body}`);
  return response.json<WebhookEndpointCreated>();
}
