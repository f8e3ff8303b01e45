import { recordEvents, runWebhookRound, WEBHOOK_BATCH, WEBHOOK_USER_SHARE } from '@prospector/core';
import { webhookEvents } from '@prospector/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../testing/contact-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createEndpoint, deliveryDeps, startReceiver } from './webhook-test-kit';

let env: TestApp;
beforeAll(async () => {
  env = await createTestApp();
});
afterAll(() => env?.close());

async function flood(workspaceId: string, count: number, from: number) {
  const at = env.clock.now();
  const events = Array.from({ length: count }, (_, i) => ({
    workspaceId,
    type: 'email.sent' as const,
    at,
    data: { n: from + i },
  }));
  await recordEvents(env.database.db, events);
}

describe('webhook rounds shared between users', () => {
  it("delivers a quiet user's event in the next round, however many events another user has waiting, each endpoint still in order", async () => {
    env.clock.set(new Date());
    const busyReceiver = await startReceiver();
    const quietReceiver = await startReceiver();
    const busy = await signedInClient(env.app);
    const quiet = await signedInClient(env.app);
    await createEndpoint(busy, busyReceiver.url, ['email.sent']);
    await createEndpoint(quiet, quietReceiver.url, ['email.sent']);
    await flood(busy.workspaceId, WEBHOOK_BATCH + 50, 0);
    await flood(quiet.workspaceId, 1, 1_000);

    expect(await runWebhookRound(deliveryDeps(env))).toMatchObject({ claimed: WEBHOOK_USER_SHARE + 1 });
    expect(quietReceiver.events().map((event) => event.data.n)).toEqual([1_000]);
    // The busy user's endpoint gets its oldest events, in the order they happened.
    const inOrder = (
      await env.database.db
        .select({ data: webhookEvents.data })
        .from(webhookEvents)
        .where(eq(webhookEvents.workspaceId, busy.workspaceId))
        .orderBy(asc(webhookEvents.seq))
    ).map((event) => (event.data as { n: number }).n);
    const numbers = () => busyReceiver.events().map((event) => event.data.n);
    expect(numbers()).toEqual(inOrder.slice(0, WEBHOOK_USER_SHARE));

    await runWebhookRound(deliveryDeps(env));
    expect(numbers()).toEqual(inOrder.slice(0, 2 * WEBHOOK_USER_SHARE));
    await busyReceiver.close();
    await quietReceiver.close();
  });
});
