// Tracking: the Sandbox Inbox's out-of-office simulation, the Inbox (empty, its Auto-replies tab) and
// the public unsubscribe page for a link that does not exist.
import { atPath, toast, visible } from '../lib/expect.mjs';
import { connectSandboxMailbox } from '../lib/ui.mjs';

const MAILBOX = 'alex.morgan.sandbox@gmail.com';

export default [
  {
    name: 'tracking: auto-reply simulation, inbox empty state, unknown unsubscribe link',
    async run(t) {
      const user = t.newUser('tracking');
      const { context, page } = await t.open();
      await t.register(context, user);

      await connectSandboxMailbox(page);

      await page.goto('/sandbox/inbox');
      await page.getByRole('button', { name: 'Send Sample Email', exact: true }).click();
      await toast(page, 'Sample Email Sent', `Sent from ${MAILBOX}.`);
      const message = page.getByLabel('Message');
      await message.getByRole('button', { name: 'Auto-reply', exact: true }).click();
      await toast(page, 'Auto-reply Simulated');
      await t.shot(page, 'sandbox-inbox-auto-reply');

      const sidebar = page.getByTestId('sidebar');
      await sidebar.getByRole('button', { name: 'CAMPAIGN BUILDER', exact: true }).click();
      await sidebar.getByRole('link', { name: 'Inbox', exact: true }).click();
      await atPath(page, '/campaign-builder/replies');
      await visible(page.getByRole('heading', { name: 'Inbox', exact: true }));
      await visible(page.getByText('No conversations yet', { exact: true }));
      await t.shot(page, 'inbox-empty');
      // The sample email is not a sequence email: its auto-reply is not about a campaign, so no tab lists it.
      await page.getByRole('tab', { name: 'Auto-replies', exact: true }).click();
      await visible(page.getByText('No conversations yet', { exact: true }));

      // Fetched rather than visited: the browser logs every 404 document as a console error.
      const { context: outside, page: shown } = await t.open();
      const response = await outside.request.get('/u/no-such-unsubscribe-token');
      if (response.status() !== 404) throw new Error(`unknown unsubscribe link: ${response.status()}`);
      await shown.setContent(await response.text());
      await visible(shown.getByRole('heading', { name: 'This link is not valid', exact: true }));
      await t.shot(shown, 'unsubscribe-unknown-link');
    },
  },
];
