import type { WebhookDeliveryView, WebhookEndpointDetail } from '@prospector/contracts';
import {
  listWebhookDeliveries,
  pruneWebhookHistory,
  runWebhookRound,
  updateWebhookEndpoint,
} from '@prospector/core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../testing/contact-test-kit';
import { createTestApp, type TestApp, testConfig } from '../../testing/test-app';
import { createEndpoint, deliveryDeps, startReceiver } from './webhook-test-kit';

let env: TestApp;
beforeAll(async () => {
  env = await createTestApp();
});
afterAll(() => env?.close());

const round = (allowPrivate = true) => runWebhookRound(deliveryDeps(env, allowPrivate));

describe('webhook endpoints and delivery', () => {
  it('signs to Standard Webhooks: the reference library verifies with the endpoint secret, and both secrets for 24 h after a rotation', async () => {
    env.clock.set(new Date());
    const receiver = await startReceiver();
    const browser = await signedInClient(env.app);
    const endpoint = await createEndpoint(browser, receiver.url, ['email.sent']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const test = await browser.post(`/api/webhooks/${endpoint.id}/test`);
    expect(test.statusCode).toBe(202);
    expect(await round()).toMatchObject({ claimed: 1, delivered: 1 });
    const [first] = receiver.received;
    const headers = first!.headers as Record<string, string>;
    expect(headers['webhook-id']).toBe(test.json<{ eventId: string }>().eventId);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(new Webhook(endpoint.secret).verify(first!.body, headers)).toMatchObject({ type: 'webhook.test' });

    const rotated = (
      await browser.patch(`/api/webhooks/${endpoint.id}`, { rotateSecret: true })
    ).json<WebhookEndpointDetail>();
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(rotated.previousSecretExpiresAt).toBe(
      new Date(env.clock.now().getTime() + 86_400_000).toISOString(),
    );
    await browser.post(`/api/webhooks/${endpoint.id}/test`);
    await round();
    const second = receiver.received[1]!;
    const both = second.headers as Record<string, string>;
    expect(both['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(() => new Webhook(rotated.secret).verify(second.body, both)).not.toThrow();
    expect(() => new Webhook(endpoint.secret).verify(second.body, both)).not.toThrow();
    await receiver.close();
  });

  it('retries a receiver that answers 500 twice at 5 s and 5 min, then delivers; the log shows each attempt', async () => {
    const receiver = await startReceiver([500, 500]);
    const browser = await signedInClient(env.app);
    const endpoint = await createEndpoint(browser, receiver.url, ['email.sent']);
    await browser.post(`/api/webhooks/${endpoint.id}/test`);
    const t0 = env.clock.now().getTime();
    expect(await round()).toMatchObject({ claimed: 1, failed: 1 });
    env.clock.advance(4_999);
    expect((await round()).claimed).toBe(0);
    env.clock.advance(1);
    expect(await round()).toMatchObject({ claimed: 1, failed: 1 });
    env.clock.advance(5 * 60_000 - 1);
    expect((await round()).claimed).toBe(0);
    env.clock.advance(1);
    expect(await round()).toMatchObject({ claimed: 1, delivered: 1 });
    env.clock.advance(86_400_000);
    expect((await round()).claimed).toBe(0);

    const stamps = receiver.received.map((r) => Number(r.headers['webhook-timestamp']) * 1000);
    expect(stamps).toEqual([t0, t0 + 5_000, t0 + 5_000 + 300_000].map((t) => Math.floor(t / 1000) * 1000));
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const log = (await browser.get(`/api/webhooks/${endpoint.id}/deliveries`)).json<WebhookDeliveryView[]>();
    expect(log.map((d) => [d.attempt, d.statusCode, d.eventType])).toEqual([
      [3, 200, 'webhook.test'],
      [2, 500, 'webhook.test'],
      [1, 500, 'webhook.test'],
    ]);
    expect(log[1]!.responseSnippet).toBe('not now');

    const resent = await browser.post(`/api/webhooks/deliveries/${log[0]!.id}/resend`);
    expect(resent.statusCode).toBe(202);
    expect(await round()).toMatchObject({ claimed: 1, delivered: 1 });
    expect(receiver.received).toHaveLength(4);
    await receiver.close();
  });

  it('honours Retry-After, and a 410 disables the endpoint with the reason', async () => {
    const receiver = await startReceiver([{ status: 429, headers: { 'retry-after': '600' } }, 410]);
    const browser = await signedInClient(env.app);
    const endpoint = await createEndpoint(browser, receiver.url, ['email.sent']);
    await browser.post(`/api/webhooks/${endpoint.id}/test`);
    await round();
    env.clock.advance(599_000);
    expect((await round()).claimed).toBe(0);
    env.clock.advance(1_000);
    expect(await round()).toMatchObject({ claimed: 1, failed: 1 });
    const after = (await browser.get(`/api/webhooks/${endpoint.id}`)).json<WebhookEndpointDetail>();
    expect(after).toMatchObject({ enabled: false, disabledReason: 'The receiver answered 410 Gone' });
    await browser.post(`/api/webhooks/${endpoint.id}/test`);
    expect((await round()).claimed).toBe(0);
    await receiver.close();
  });

  it('disables an endpoint that has failed for 5 days', async () => {
    const receiver = await startReceiver(Array(100).fill(503));
    const browser = await signedInClient(env.app);
    const endpoint = await createEndpoint(browser, receiver.url, ['email.sent']);
    for (let day = 0; day < 6; day++) {
      await browser.post(`/api/webhooks/${endpoint.id}/test`);
      await round();
      env.clock.advance(86_400_000);
    }
    const after = (await browser.get(`/api/webhooks/${endpoint.id}`)).json<WebhookEndpointDetail>();
    expect(after).toMatchObject({ enabled: false, disabledReason: 'Every delivery failed for 5 days' });
    await receiver.close();
  });

  it('refuses private, loopback, link-local and metadata addresses at creation and at delivery', async () => {
    const strict = await createTestApp({ config: testConfig({ webhookAllowPrivateUrls: false }) });
    const browser = await signedInClient(strict.app);
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://192.168.1.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::127.0.0.1]/hook',
      'https://[0:0:0:0:0:0:127.0.0.1]/hook',
      'https://[64:ff9b::169.254.169.254]/hook',
      'https://[2002:7f00:1::]/hook',
      'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook',
      'https://localhost/hook',
    ]) {
      const response = await browser.post('/api/webhooks', { url, eventTypes: ['email.sent'] });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe(
        'Webhook URL points at a private, loopback, link-local or metadata address',
      );
    }
    const http = await browser.post('/api/webhooks', {
      url: 'http://example.com/hook',
      eventTypes: ['email.sent'],
    });
    expect(http.json().message).toBe('Webhook URL must use https://');
    await strict.close();

    // An endpoint saved while allowed, delivered by a worker that is not: refused at delivery.
    const receiver = await startReceiver();
    const owner = await signedInClient(env.app);
    const endpoint = await createEndpoint(owner, receiver.url.replace('127.0.0.1', 'localhost'), [
      'email.sent',
    ]);
    await owner.post(`/api/webhooks/${endpoint.id}/test`);
    await round(false);
    expect(receiver.received).toHaveLength(0);
    const [attempt] = (await owner.get(`/api/webhooks/${endpoint.id}/deliveries`)).json<
      WebhookDeliveryView[]
    >();
    expect(attempt).toMatchObject({
      statusCode: null,
      error: 'Webhook URL points at a private, loopback, link-local or metadata address',
    });
    await receiver.close();
  });

  it('forgets settled events and their log after 30 days, and keeps those still to deliver', async () => {
    const receiver = await startReceiver([500]);
    const browser = await signedInClient(env.app);
    const endpoint = await createEndpoint(browser, receiver.url, ['email.sent']);
    await browser.post(`/api/webhooks/${endpoint.id}/test`);
    await round();
    env.clock.advance(5_000);
    await round();
    await browser.patch(`/api/webhooks/${endpoint.id}`, { enabled: false });
    await browser.post(`/api/webhooks/${endpoint.id}/test`);
    // Read through core: a month later the browser's session has expired.
    const log = () => listWebhookDeliveries(deliveryDeps(env), browser.workspaceId, endpoint.id);
    expect(await log()).toHaveLength(2);
    env.clock.advance(29 * 86_400_000);
    await pruneWebhookHistory(deliveryDeps(env));
    expect(await log()).toHaveLength(2);
    env.clock.advance(2 * 86_400_000);
    await pruneWebhookHistory(deliveryDeps(env));
    expect(await log()).toHaveLength(0);
    await updateWebhookEndpoint(deliveryDeps(env), browser.workspaceId, endpoint.id, { enabled: true });
    expect(await round()).toMatchObject({ delivered: 1 });
    await receiver.close();
  });

  it("keeps endpoints and deliveries to their user: another user's are 404", async () => {
    const alice = await signedInClient(env.app);
    const bob = await signedInClient(env.app);
    const endpoint = await createEndpoint(alice, 'http://127.0.0.1:9/x', ['email.sent']);
    expect((await bob.get(`/api/webhooks/${endpoint.id}`)).statusCode).toBe(404);
    expect((await bob.patch(`/api/webhooks/${endpoint.id}`, { enabled: false })).statusCode).toBe(404);
    expect((await bob.post(`/api/webhooks/${endpoint.id}/test`)).statusCode).toBe(404);
    expect((await bob.get(`/api/webhooks/${endpoint.id}/deliveries`)).statusCode).toBe(404);
    expect((await bob.delete(`/api/webhooks/${endpoint.id}`)).statusCode).toBe(404);
    expect((await bob.get('/api/webhooks')).json()).toEqual([]);
    expect((await alice.post('/api/webhooks', { url: 'ftp://x', eventTypes: ['nope'] })).statusCode).toBe(
      400,
    );
    expect((await alice.delete(`/api/webhooks/${endpoint.id}`)).statusCode).toBe(200);
  });
});
