import type { V1Page } from '@prospector/contracts';
import { GONE_REASON, runWebhookRound } from '@prospector/core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { apiUser } from './public-api-test-kit';
import { createEndpoint, deliveryDeps, startReceiver } from './webhook-test-kit';

let env: TestApp;
beforeAll(async () => {
  env = await createTestApp();
});
afterAll(() => env?.close());

const round = () => runWebhookRound(deliveryDeps(env));

interface Delivery {
  id: string;
  eventId: string;
  eventType: string;
  event: unknown;
  status: string;
  attempts: number;
  responseStatus: number | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
}

describe('/api/v1/webhooks/{id}: change, deliveries and retry', () => {
  it('re-enables an endpoint Prospector disabled, lists its deliveries newest first and retries one, signed as any delivery', async () => {
    env.clock.set(new Date());
    const receiver = await startReceiver([410]);
    const { browser, api } = await apiUser(env.app);
    const endpoint = await createEndpoint(browser, receiver.url, ['email.sent']);
    const first = (await browser.post(`/api/webhooks/${endpoint.id}/test`)).json<{ eventId: string }>();
    expect(await round()).toMatchObject({ claimed: 1 });
    const disabled = (await api.get(`/webhooks/${endpoint.id}`)).json();
    expect(disabled).toMatchObject({ enabled: false, disabledReason: GONE_REASON });

    const deliveries = async (query = '') =>
      (await api.get(`/webhooks/${endpoint.id}/deliveries${query}`)).json<V1Page<Delivery>>();
    const gone = (await deliveries()).data;
    expect(gone).toEqual([
      expect.objectContaining({
        eventId: first.eventId,
        eventType: 'webhook.test',
        status: 'failed',
        attempts: 1,
        responseStatus: 410,
        lastAttemptAt: env.clock.now().toISOString(),
        nextAttemptAt: null,
        deliveredAt: null,
      }),
    ]);
    const refused = await api.post(`/webhooks/${endpoint.id}/deliveries/${gone[0]!.id}/retry`);
    expect(refused.statusCode).toBe(409);

    const enabled = await api.patch(`/webhooks/${endpoint.id}`, {
      enabled: true,
      eventTypes: ['email.replied'],
    });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({
      enabled: true,
      disabledReason: null,
      failingSince: null,
      eventTypes: ['email.replied'],
    });
    expect(enabled.json()).not.toHaveProperty('secret');

    env.clock.advance(1_000);
    const retried = await api.post(`/webhooks/${endpoint.id}/deliveries/${gone[0]!.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({
      id: gone[0]!.id,
      status: 'pending',
      nextAttemptAt: env.clock.now().toISOString(),
    });
    expect(await round()).toMatchObject({ claimed: 1, delivered: 1 });
    const again = receiver.received[1]!;
    const headers = again.headers as Record<string, string>;
    expect(headers['webhook-id']).toBe(first.eventId);
    expect(new Webhook(endpoint.secret).verify(again.body, headers)).toMatchObject({ type: 'webhook.test' });
    const delivered = (await deliveries()).data[0]!;
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200 });
    expect(delivered.event).toEqual(JSON.parse(again.body));

    // Newest first, a page at a time.
    env.clock.advance(1_000);
    const second = (await browser.post(`/api/webhooks/${endpoint.id}/test`)).json<{ eventId: string }>();
    const page = await deliveries('?limit=1');
    expect(page.data.map((d) => d.eventId)).toEqual([second.eventId]);
    const rest = await deliveries(`?limit=1&cursor=${page.nextCursor}`);
    expect(rest).toEqual({ data: [expect.objectContaining({ eventId: first.eventId })], nextCursor: null });
    await receiver.close();
  });

  it("answers 404 for another user's endpoint or delivery, and a delivery of another endpoint", async () => {
    const receiver = await startReceiver();
    const alice = await apiUser(env.app);
    const bob = await apiUser(env.app);
    const hers = await createEndpoint(alice.browser, receiver.url, ['email.sent']);
    const other = await createEndpoint(alice.browser, receiver.url, ['email.sent']);
    await alice.browser.post(`/api/webhooks/${hers.id}/test`);
    const [delivery] = (await alice.api.get(`/webhooks/${hers.id}/deliveries`)).json<V1Page<Delivery>>().data;
    expect((await bob.api.get(`/webhooks/${hers.id}/deliveries`)).statusCode).toBe(404);
    expect((await bob.api.patch(`/webhooks/${hers.id}`, { enabled: false })).statusCode).toBe(404);
    expect((await bob.api.post(`/webhooks/${hers.id}/deliveries/${delivery!.id}/retry`)).statusCode).toBe(
      404,
    );
    const elsewhere = await alice.api.post(`/webhooks/${other.id}/deliveries/${delivery!.id}/retry`);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ message: 'Delivery not found', code: 'NOT_FOUND' });
    await receiver.close();
  });
});
