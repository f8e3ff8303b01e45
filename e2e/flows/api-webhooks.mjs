// Settings, API and Webhooks: a key shown once, used, revoked; an endpoint that receives a signed test
// event, its delivery log and Resend; the API reference page.
import { createServer } from 'node:http';
import { WEBHOOK_EVENT_TYPES } from '@prospector/contracts';
import { Webhook } from 'standardwebhooks';
import { checkAccessibility } from '../lib/accessibility.mjs';
import { equal, eventually, ok, toast, visible } from '../lib/expect.mjs';

/** A receiver on loopback that records each delivery. */
async function startReceiver() {
  const received = [];
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end('thanks');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/hooks`, received, close: () => server.close() };
}

export default [
  {
    name: 'api keys and webhooks',
    timeoutMs: 120_000,
    async run(t) {
      const user = t.newUser('api');
      await t.registerElsewhere(user);
      const { context, page } = await t.open();
      await context.request.post('/api/auth/login', { data: { email: user.email, password: user.password } });

      await page.goto('/settings');
      await page.getByRole('tab', { name: 'API', exact: true }).click();
      await visible(page.getByText('No API keys yet.', { exact: false }));
      await page.getByRole('button', { name: 'Create API key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create API key' });
      await dialog.getByLabel('Name', { exact: true }).fill('CRM sync');
      await dialog.getByRole('checkbox').nth(1).click(); // contacts: write
      await t.shot(page, 'api-key-create');
      await dialog.getByRole('button', { name: 'Create Key' }).click();
      const shown = page.getByLabel('New API key');
      await visible(shown);
      const key = await shown.inputValue();
      ok(key.startsWith('pk_live_'), `the key is shown once in full: ${key.slice(0, 12)}`);
      await t.shot(page, 'api-key-shown-once');
      await page.getByRole('button', { name: 'Done' }).click();

      const call = (path, init = {}) =>
        fetch(`${t.baseURL}/api/v1${path}`, {
          ...init,
          headers: { authorization: `Bearer ${key}`, ...init.headers },
        });
      const created = await call('/contacts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ada@api-e2e.example', firstName: 'Ada' }),
      });
      equal(created.status, 201, 'POST /api/v1/contacts');
      await page.reload();
      await page.getByRole('tab', { name: 'API', exact: true }).click();
      const row = page.getByRole('row', { name: /CRM sync/ });
      await visible(row);
      ok(!(await row.textContent()).includes('Never'), 'the key shows when it was last used');
      await t.shot(page, 'api-keys-list');
      await row.getByRole('button', { name: 'Revoke' }).click();
      await visible(page.getByRole('alertdialog', { name: 'Revoke API key?' }));
      await page.getByRole('button', { name: 'Revoke Key' }).click();
      await toast(page, 'API key revoked');
      equal((await call('/contacts')).status, 401, 'a revoked key is refused');

      await page.getByRole('link', { name: 'API reference' }).click();
      await visible(page.getByRole('heading', { name: 'API reference' }));
      await visible(page.getByTestId('api-reference').getByText('Prospector API').first(), 30_000);
      const reference = page.getByTestId('api-reference');
      await visible(reference.getByText('List contacts, newest first').first());
      await checkAccessibility(page, 'the API reference');
      await t.shot(page, 'api-reference');
      const closeChat = page.getByRole('button', { name: 'Close chat' });
      if (await closeChat.isVisible()) await closeChat.click();
      await reference.getByText('Read a contact').first().click();
      const example = reference.getByText('"ada@example.com"').first();
      await example.scrollIntoViewIfNeeded();
      await visible(example);
      await t.shot(page, 'api-reference-example');
      await reference.getByText('Webhook events').first().click();
      const webhook = reference.getByText('A person replied to an email').first();
      await webhook.click();
      await visible(reference.getByText('webhook-signature').first());
      await t.shot(page, 'api-reference-webhooks');

      const receiver = await startReceiver();
      try {
        await page.goto('/settings');
        await page.getByRole('tab', { name: 'Webhooks', exact: true }).click();
        await page.getByRole('button', { name: 'Add endpoint' }).click();
        const add = page.getByRole('dialog', { name: 'Add webhook endpoint' });
        await add.getByLabel('URL', { exact: true }).fill(receiver.url);
        await add.getByLabel('Description', { exact: true }).fill('CRM');
        await t.shot(page, 'webhook-add');
        await add.getByRole('button', { name: 'Add Endpoint' }).click();
        await toast(page, 'Endpoint added');
        const item = page.getByRole('listitem', { name: `Webhook ${receiver.url}` });
        await item.getByRole('button', { name: 'Send test event' }).click();
        await eventually(() => receiver.received.length, 1, 'the test event is delivered', 15_000);
        await item.getByRole('button', { expanded: false }).click();
        const secret = await item.getByLabel('Signing secret').inputValue();
        const [delivery] = receiver.received;
        const payload = new Webhook(secret).verify(delivery.body, delivery.headers);
        equal(payload.type, 'webhook.test', 'the delivery verifies with the endpoint secret');
        await visible(item.getByRole('table', { name: 'Delivery log' }).getByText('webhook.test'), 10_000);
        await t.shot(page, 'webhook-delivery-log');
        await item.getByRole('button', { name: 'Resend' }).first().click();
        await eventually(() => receiver.received.length, 2, 'Resend delivers again', 15_000);
        equal(
          receiver.received[1].headers['webhook-id'],
          delivery.headers['webhook-id'],
          'a resend keeps the webhook-id',
        );
        await item.getByRole('button', { name: 'Edit', exact: true }).click();
        const edit = page.getByRole('dialog', { name: 'Edit webhook endpoint' });
        await edit.getByLabel('email.opened').click();
        await edit.getByRole('button', { name: 'Save Endpoint' }).click();
        await toast(page, 'Endpoint saved');
        // Every event type but email.opened.
        await visible(item.getByText(`CRM · ${WEBHOOK_EVENT_TYPES.length - 1} event types`));
        await item.getByRole('button', { name: 'Rotate secret' }).click();
        await page.getByRole('button', { name: 'Rotate Secret' }).click();
        await toast(page, 'Secret rotated');
        await visible(item.getByText('The previous secret still signs until', { exact: false }));
        await t.shot(page, 'webhook-secret-rotated');
      } finally {
        receiver.close();
      }
    },
  },
];
