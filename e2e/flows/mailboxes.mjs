// Mailboxes, integrations and settings: the sandbox Google consent round trip, the Gmail
// connection page's three tabs, default sender, aliases, disconnect, the Sandbox Inbox, the Apollo key,
// Google Workspace and the contact settings, with the spec's texts (sections 2, 5, 8 and 9).
import { atPath, equal, eventually, hidden, ok, toast, visible } from '../lib/expect.mjs';
import { connectFromMenu } from '../lib/ui.mjs';

const CONSUMER = 'alex.morgan.sandbox@gmail.com';
const WORKSPACE = 'sam.taylor@northwind-traders.example';

const users = {};

/**
 * A page signed in as one of two users made for these flows (mailboxes, and integrations + settings), so
 * the register rate limit is not spent on every flow.
 */
async function signedInAs(t, label) {
  users[label] ??= (async () => {
    const user = t.newUser(label);
    const { context } = await t.open();
    await t.register(context, user);
    const { cookies } = await context.storageState();
    return cookies;
  })();
  const cookies = await users[label];
  const opened = await t.open();
  await opened.context.addCookies(cookies);
  return opened;
}

/** On the sandbox consent screen, picks an identity; the app then lands back on `path`. */
async function consent(t, page, identityName, path) {
  await atPath(page, '/sandbox/google/o/oauth2/v2/auth');
  await visible(page.getByRole('heading', { name: 'Choose an account', exact: true }));
  await t.shot(page, 'sandbox-google-consent');
  await page.getByRole('button', { name: new RegExp(identityName) }).click();
  await atPath(page, path);
}

const stat = (page, label) => page.getByTestId(`stat-${label}`).textContent();
const card = (page, email) => page.getByTestId('gmail-account-card').filter({ hasText: email });
const tab = (page, name) => page.getByRole('tab', { name, exact: true });

export default [
  {
    name: 'mailboxes: connect sandbox Gmail, three tabs, default, aliases, disconnect',
    async run(t) {
      const { page } = await signedInAs(t, 'mailboxes');
      await page.goto('/connection/gmail');
      await visible(page.getByRole('heading', { name: 'Mailboxes', exact: true }));
      await visible(page.getByRole('button', { name: 'Connect Your First Gmail Account', exact: true }));
      await tab(page, 'Settings').click();
      await eventually(() => new URL(page.url()).hash, '#settings', 'Settings tab anchor');
      await visible(page.getByTestId('default-sender-hint'));
      await t.shot(page, 'gmail-empty-settings');

      await tab(page, 'Overview').click();
      await page.getByRole('button', { name: 'Connect Your First Gmail Account', exact: true }).click();
      await consent(t, page, 'Alex Morgan', '/connection/gmail');
      await toast(page, 'Gmail Account Connected', 'Your Gmail account has been connected successfully.');
      await eventually(() => new URL(page.url()).search, '', 'query string cleaned after the OAuth return');
      await eventually(() => stat(page, 'Connected Accounts'), '1', 'connected accounts');
      await visible(page.getByLabel('Connected accounts summary').getByText(CONSUMER, { exact: true }));

      await connectFromMenu(page, 'Google');
      await consent(t, page, 'Sam Taylor', '/connection/gmail');
      await eventually(() => stat(page, 'Connected Accounts'), '2', 'connected accounts');
      await eventually(() => stat(page, 'Active Accounts'), '2', 'active accounts');
      await eventually(() => stat(page, 'Total Aliases'), '4', 'total aliases');
      await t.shot(page, 'gmail-overview');

      // The Connected Accounts tab is an anchor of its own.
      await page.goto('/connection/gmail#connected-accounts');
      await visible(card(page, CONSUMER));
      equal(
        await tab(page, 'Connected Accounts').getAttribute('aria-selected'),
        'true',
        'tab from the anchor',
      );
      const alex = card(page, CONSUMER);
      const sam = card(page, WORKSPACE);
      await visible(alex.getByText('Default', { exact: true }));
      await visible(alex.getByText('Sandbox', { exact: true }));
      await visible(alex.getByText('Connected', { exact: true }));
      await visible(alex.getByRole('progressbar'));
      equal(await alex.getByRole('progressbar').getAttribute('data-level'), 'green', 'quota bar colour');
      equal(
        await alex.getByRole('button', { name: 'Set as Default' }).count(),
        0,
        'Set as Default on the default',
      );
      await visible(sam.getByText('Northwind Sales <sales@northwind-traders.example>', { exact: true }));
      await t.shot(page, 'gmail-connected-accounts');

      await sam.getByRole('button', { name: 'Set as Default' }).click();
      await toast(page, 'Default Sender Updated');
      await visible(sam.getByText('Default', { exact: true }));
      await visible(alex.getByRole('button', { name: 'Set as Default' }));

      await sam.getByRole('button', { name: 'Refresh Aliases' }).click();
      await toast(page, 'Aliases Refreshed', '3 send-as addresses found.');

      await tab(page, 'Settings').click();
      await visible(
        page.getByTestId('default-sender').getByText(`Sam Taylor <${WORKSPACE}>`, { exact: true }),
      );
      await t.shot(page, 'gmail-settings-default-sender');

      await tab(page, 'Connected Accounts').click();
      await alex.getByRole('button', { name: 'Disconnect' }).click();
      const dialog = page.getByRole('alertdialog');
      await visible(dialog.getByText(`Are you sure you want to disconnect ${CONSUMER}?`, { exact: false }));
      await t.shot(page, 'gmail-disconnect-confirm');
      await dialog.getByRole('button', { name: 'Disconnect', exact: true }).click();
      await toast(page, 'Gmail Account Disconnected');
      // The record stays, so connecting the same account again resumes its sequences; Remove deletes it.
      await visible(card(page, CONSUMER).getByText('Disconnected', { exact: true }));
      await alex.getByRole('button', { name: 'Remove', exact: true }).click();
      await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
      await toast(page, 'Gmail Account Removed');
      await hidden(card(page, CONSUMER));
      await visible(card(page, WORKSPACE));

      await page.goto('/connection/gmail?error=access_denied');
      await toast(
        page,
        'Connection cancelled',
        'You cancelled on the Google consent page, so nothing was connected.',
      );
      await eventually(() => new URL(page.url()).search, '', 'query string cleaned after a cancel');
      await page.goto('/connection/gmail?error=oauth_error');
      await toast(page, 'Connection Failed', 'Failed to connect your Gmail account. Please try again.');
      await eventually(() => new URL(page.url()).search, '', 'query string cleaned after an error');
    },
  },
  {
    name: 'mailboxes: sandbox inbox shows what was sent, reply, bounce and open',
    async run(t) {
      const { page } = await signedInAs(t, 'mailboxes');
      await page.goto('/connection/gmail#connected-accounts');
      const first = page.getByRole('button', { name: 'Connect Your First Gmail Account', exact: true });
      await visible(first.or(card(page, WORKSPACE)));
      if (await first.isVisible()) {
        await first.click();
        await consent(t, page, 'Sam Taylor', '/connection/gmail');
      }
      await page.getByRole('link', { name: 'Sandbox Inbox' }).click();
      await atPath(page, '/sandbox/inbox');
      await visible(page.getByRole('heading', { name: 'Sandbox Inbox', exact: true }));
      await page.getByRole('button', { name: 'Send Sample Email', exact: true }).click();
      await toast(page, 'Sample Email Sent', `Sent from ${WORKSPACE}.`);
      const message = page.getByLabel('Message');
      await visible(message.getByRole('heading', { name: 'Quick question about your sales team' }));
      await visible(message.getByText(`Sam Taylor <${WORKSPACE}>`, { exact: true }));
      await visible(message.getByText('List-Unsubscribe=One-Click', { exact: true }));
      const body = page.frameLocator('iframe[title^="HTML body"]');
      await visible(body.getByText('Hi Jamie,', { exact: true }));
      await t.shot(page, 'sandbox-inbox-message');

      await message.getByRole('button', { name: 'Open', exact: true }).click();
      await toast(page, 'Open Simulated');
      await visible(message.getByText('Opened', { exact: true }));
      await message.getByRole('button', { name: 'Reply', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Send Reply', exact: true }).click();
      await toast(page, 'Reply Simulated');
      await visible(message.getByText('Replied', { exact: true }));
      await message.getByRole('button', { name: 'Bounce', exact: true }).click();
      await toast(page, 'Bounce Simulated');
      await visible(message.getByText('Bounced', { exact: true }));
      await t.shot(page, 'sandbox-inbox-after-actions');

      await page.goto('/connection/gmail#connected-accounts');
      const sam = card(page, WORKSPACE);
      await visible(sam.getByText('1 / 50 sent in the last 24 hours', { exact: true }));
    },
  },
  {
    name: 'mailboxes: apollo key and google workspace',
    async run(t) {
      const { page } = await signedInAs(t, 'integrations');
      await page.goto('/integrations');
      const apollo = page.getByLabel('Apollo', { exact: true });
      await visible(apollo.getByRole('heading', { name: 'Apollo' }));
      equal(await apollo.getByTestId('apollo-status').count(), 0, 'status badge without a key');
      await apollo.getByRole('button', { name: 'Apollo API key settings' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Save API Key', exact: true }).click();
      await visible(dialog.getByText('Please enter an API key', { exact: true }));
      const input = dialog.getByLabel('API Key', { exact: true });
      await input.fill('apollo-e2e-key-9876');
      equal(await input.getAttribute('type'), 'password', 'masked input');
      await dialog.getByRole('button', { name: 'Show API key' }).click();
      equal(await input.getAttribute('type'), 'text', 'shown input');
      await t.shot(page, 'apollo-key-dialog');
      await dialog.getByRole('button', { name: 'Save API Key', exact: true }).click();
      await toast(page, 'API Key Saved');
      await eventually(() => apollo.getByTestId('apollo-status').textContent(), 'Active', 'Apollo badge');
      await visible(apollo.getByText('••••••••9876', { exact: true }));
      await apollo.getByRole('button', { name: 'Disable', exact: true }).click();
      await eventually(() => apollo.getByTestId('apollo-status').textContent(), 'Inactive', 'Apollo badge');
      await t.shot(page, 'integrations-apollo-inactive');
      await apollo.getByRole('button', { name: 'Enable', exact: true }).click();
      await eventually(() => apollo.getByTestId('apollo-status').textContent(), 'Active', 'Apollo badge');

      await page.goto('/integrations/gsuite');
      await eventually(
        () => page.getByTestId('gsuite-status').textContent(),
        'Not Connected',
        'Workspace status',
      );
      // Only what the connection grants and Prospector uses is listed; the rest is said to be left out.
      const features = page.getByRole('list', { name: 'Features' });
      for (const feature of ['Signature management', 'Gmail API']) {
        await visible(features.getByText(feature, { exact: true }));
      }
      for (const feature of ['Contact sync', 'Calendar', 'Drive']) {
        equal(await features.getByText(feature, { exact: true }).count(), 0, `${feature} is not listed`);
      }
      await visible(
        page.getByText(
          'Contact sync, Calendar and Drive are not used by Prospector, so the connection does not ask for them.',
          { exact: true },
        ),
      );
      // The page agrees with the Mailboxes page: no mailbox yet, then the one connected there.
      await visible(page.getByText('No mailbox is connected yet.', { exact: false }));
      await page.goto('/connection/gmail');
      await page.getByRole('button', { name: 'Connect Your First Gmail Account', exact: true }).click();
      await consent(t, page, 'Alex Morgan', '/connection/gmail');
      await toast(page, 'Gmail Account Connected');
      await page.goto('/integrations/gsuite');
      await eventually(
        () => page.getByTestId('workspace-mailbox-count').textContent(),
        '1 mailbox connected on the Mailboxes page: sequences send from it whether or not Workspace is connected here.',
        'mailboxes on the Workspace page',
      );
      await t.shot(page, 'google-workspace-mailboxes');
      // Cancelling on the consent page is information, not a failure.
      await page.getByRole('button', { name: 'Connect Google Workspace', exact: true }).click();
      await atPath(page, '/sandbox/google/o/oauth2/v2/auth');
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await atPath(page, '/integrations/gsuite');
      await toast(
        page,
        'Connection cancelled',
        'You cancelled on the Google consent page, so nothing was connected.',
      );
      equal(await page.getByText('Connection Failed', { exact: true }).count(), 0, 'no failure toast');
      await t.shot(page, 'google-workspace-cancelled');
      await page.getByRole('button', { name: 'Connect Google Workspace', exact: true }).click();
      await consent(t, page, 'Sam Taylor', '/integrations/gsuite');
      await toast(page, 'Google Workspace Connected');
      await eventually(
        () => page.getByTestId('gsuite-status').textContent(),
        'Connected',
        'Workspace status',
      );
      await eventually(() => new URL(page.url()).search, '', 'query string cleaned');
      await t.shot(page, 'google-workspace-connected');
      await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
      await eventually(
        () => page.getByTestId('gsuite-status').textContent(),
        'Not Connected',
        'Workspace status',
      );
    },
  },
  {
    name: 'mailboxes: contact settings and their validation',
    async run(t) {
      const { page } = await signedInAs(t, 'integrations');
      await page.goto('/settings');
      await visible(page.getByRole('tab', { name: 'Contacts', exact: true }));
      const field = page.getByLabel('Maximum consecutive unopened emails');
      await eventually(() => field.inputValue(), '3', 'default value');
      const save = page.getByRole('button', { name: 'Save Settings', exact: true });
      for (const [value, message] of [
        ['0', 'Must be at least 1'],
        ['51', 'Must be at most 50'],
        ['2.5', 'Must be a whole number'],
      ]) {
        await field.fill(value);
        await save.click();
        await visible(page.getByRole('alert').getByText(message, { exact: true }));
      }
      await t.shot(page, 'settings-validation');
      await field.fill('abc');
      await field.blur();
      await eventually(() => field.inputValue(), '1', 'non-numeric input becomes 1');
      await field.fill('7');
      await save.click();
      await toast(page, 'Settings Saved');
      await page.reload();
      await eventually(() => field.inputValue(), '7', 'saved value after a reload');
      await t.shot(page, 'settings-saved');

      await page.route('**/api/settings/contacts', (route) =>
        route.fulfill({ status: 400, contentType: 'application/json', body: '{"message":"nope"}' }),
      );
      await page.reload();
      await visible(
        page.getByText('Failed to load settings. Please try refreshing the page.', { exact: true }),
      );
      ok(true, 'load failure shown');
    },
  },
];
