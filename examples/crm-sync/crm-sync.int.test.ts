import type { ApiKeyCreated, Contact } from '@prospector/contracts';
import { runWebhookRound } from '@prospector/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../apps/server/src/testing/contact-test-kit';
import { type MailboxApp, startMailboxApp } from '../../apps/server/src/testing/gmail-test-kit';
import { testConfig } from '../../apps/server/src/testing/test-app';
import { type CrmContact, main } from './crm-sync';

let env: MailboxApp;
beforeAll(async () => {
  // The example's receiver listens on loopback, which a production app refuses to deliver to.
  env = await startMailboxApp({ config: { webhookAllowPrivateUrls: true } });
  // Signatures carry the attempt's time, which the receiver checks against its own clock.
  env.clock.set(new Date());
});
afterAll(() => env?.close());

/** Delivers webhooks as the app's worker does, until stopped. */
function deliverWebhooks() {
  const deps = { ...env.core, appSecret: testConfig().appSecret, webhooks: { allowPrivateUrls: true } };
  let running = true;
  const loop = (async () => {
    while (running) {
      if ((await runWebhookRound(deps)).claimed === 0) await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

describe('examples/crm-sync against a running app', () => {
  it('pushes the CRM’s contacts, pulls the app’s changes and receives signed contact webhooks', async () => {
    const browser = await signedInClient(env.app);
    const key = await browser.post('/api/api-keys', {
      name: 'CRM sync',
      scopes: ['contacts:read', 'contacts:write', 'webhooks:read', 'webhooks:write'],
    });
    expect(key.statusCode).toBe(201);
    const lin = await browser.post('/api/contacts', { email: 'lin@prospector.example', firstName: 'Lin' });
    expect(lin.statusCode).toBe(201);
    const crm = new Map<string, CrmContact>([
      ['ada@crm.example', { crmId: 'c1', email: 'ada@crm.example', firstName: 'Ada', lastName: 'Lovelace' }],
      ['grace@crm.example', { crmId: 'c2', email: 'grace@crm.example', firstName: 'Grace', title: 'CTO' }],
    ]);
    const stopDelivering = deliverWebhooks();
    try {
      const { sync, pushed, pulled, events } = await main({
        baseUrl: `${env.appUrl}/api/v1`,
        apiKey: key.json<ApiKeyCreated>().key,
        crm,
      });
      expect(pushed).toEqual({ created: 2, updated: 0, unchanged: 0, error: 0 });
      expect(pulled).toBe(3);
      expect(crm.get('lin@prospector.example')).toMatchObject({
        firstName: 'Lin',
        prospectorId: lin.json<Contact>().id,
      });
      const ada = crm.get('ada@crm.example')!;
      const grace = crm.get('grace@crm.example')!;
      expect(events.map((e) => [e.type, e.data.contact.id, e.data.source]).sort()).toEqual(
        [
          ['contact.created', ada.prospectorId, 'api'],
          ['contact.created', grace.prospectorId, 'api'],
        ].sort(),
      );

      // Changed in the app: the pull brings the edit, the webhook the deletion.
      env.clock.advance(1000);
      await browser.patch(`/api/contacts/${ada.prospectorId}`, { title: 'Countess' });
      await browser.delete(`/api/contacts/${grace.prospectorId}`);
      const changed = await sync.pull();
      expect(changed.map((c) => c.id)).toContain(ada.prospectorId);
      expect(crm.get('ada@crm.example')!.title).toBe('Countess');
      const all = await sync.waitForEvents(4);
      expect(
        all
          .slice(2)
          .map((e) => [e.type, e.type === 'contact.updated' ? e.data.changedFields : null])
          .sort(),
      ).toEqual(
        [
          ['contact.deleted', null],
          ['contact.updated', ['title']],
        ].sort(),
      );
      expect(crm.get('grace@crm.example')!.deleted).toBe(true);

      // Pushing again changes nothing, and a forged delivery is refused.
      expect(await sync.push()).toEqual({ created: 0, updated: 0, unchanged: 2, error: 0 });
      const forged = await fetch(sync.webhookUrl, {
        method: 'POST',
        headers: { 'webhook-id': 'msg_x', 'webhook-timestamp': '1', 'webhook-signature': 'v1,AAAA' },
        body: '{}',
      });
      expect(forged.status).toBe(401);
      expect(sync.signatures).toEqual({ verified: 4, refused: 1 });
      await sync.stop();
    } finally {
      await stopDelivering();
    }
  }, 60_000);
});
