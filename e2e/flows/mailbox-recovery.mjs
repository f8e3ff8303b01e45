// A sequence whose mailbox goes away (decision 011): a new user launches a sequence after a confirmation
// that says how many contacts will be emailed and when, launches again with nothing new, disconnects the
// mailbox (the sequence page warns, with the waiting emails), connects the same Google account again (the
// same mailbox comes back and the warning goes), then removes it for good and moves the waiting emails to
// another mailbox; Email Sending then shows them with their expected time at the new mailbox's pace.
// Each changed page is photographed at 1440x900 and at 1280x720, with the chat panel open.
import { atPath, eventually, hidden, ok, toast, visible } from '../lib/expect.mjs';
import { connectFromMenu } from '../lib/ui.mjs';

const ALEX = 'alex.morgan.sandbox@gmail.com';
const SAM = 'sam.taylor@northwind-traders.example';
const CONTACTS = ['ada.recovery@example.com', 'grace.recovery@example.com'];
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
];

const card = (page, email) => page.getByTestId('gmail-account-card').filter({ hasText: email });
const banner = (page) => page.getByTestId('stranded-mailbox-banner');

/** A screenshot at each size the product is checked at; the page is left at the first size. */
async function shots(t, page, name, prepare = async () => {}) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await prepare();
    await t.shot(page, `${name}-${size.width}x${size.height}`);
  }
  await page.setViewportSize(SIZES[0]);
}

async function api(context, method, url, data) {
  const response = await context.request.fetch(url, { method, data });
  ok(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`);
  return response.json();
}

async function consentAs(page, identity) {
  await atPath(page, '/sandbox/google/o/oauth2/v2/auth');
  await page.getByRole('button', { name: new RegExp(identity) }).click();
  await atPath(page, '/connection/gmail');
}

export default [
  {
    name: 'mailbox recovery: launch confirmation, disconnect and reconnect, remove and move',
    timeoutMs: 180_000,
    async run(t) {
      const user = t.newUser('recovery');
      const { context, page } = await t.open();
      await t.register(context, user);
      await page.setViewportSize(SIZES[0]);

      await page.goto('/connection/gmail');
      await page.getByRole('button', { name: 'Connect Your First Gmail Account', exact: true }).click();
      await consentAs(page, 'Alex Morgan');
      await toast(page, 'Gmail Account Connected');

      // A list of two contacts and a one-step sequence sending tomorrow at 09:00 UTC.
      const list = await api(context, 'POST', '/api/personas', {
        name: 'Recovery prospects',
        industry: 'Software',
        jobTitle: 'CTO',
        location: 'Boston',
      });
      for (const email of CONTACTS) {
        await api(context, 'POST', '/api/contacts', {
          email,
          personaId: list.id,
          metadata: { source: 'manual' },
        });
      }
      const template = await api(context, 'POST', '/api/templates', {
        name: 'Intro',
        subject: 'Quick question',
        htmlBody: '<p>Hi {{first_name|there}}, could we talk this week?</p>',
      });
      const sequence = await api(context, 'POST', '/api/sequences', {
        name: 'Recovery outreach',
        timezone: 'UTC',
      });
      await api(context, 'POST', `/api/sequences/${sequence.id}/steps`, {
        name: 'Intro',
        templateId: template.id,
        delayDays: 1,
        sendHour: 9,
        sendMinute: 0,
      });
      await api(context, 'POST', `/api/sequences/${sequence.id}/add-email-list`, { personaId: list.id });

      // Activate asks first (the launch review): two contacts, the first email tomorrow at 9:00 AM. A
      // sequence never launched starts through its launch whatever the page has loaded yet.
      await page.goto(`/sequences/${sequence.id}`);
      const activate = page.getByRole('button', { name: 'Activate Sequence' });
      await visible(activate);
      await activate.click();
      const confirm = page.getByRole('alertdialog');
      await visible(confirm.getByText('Launch "Recovery outreach"?', { exact: true }));
      await visible(confirm.getByTestId('launch-preview').getByText('2 contacts', { exact: true }));
      await visible(confirm.getByTestId('launch-preview').getByText(/9:00 AM/));
      await shots(t, page, 'recovery-launch-confirm');
      await confirm.getByRole('button', { name: 'Launch', exact: true }).click();
      await toast(page, 'Sequence launched successfully! Contacts are being enrolled and emails scheduled.');
      await hidden(confirm);

      // Disconnect: the mailbox stays, marked Disconnected; the sequence page warns.
      await page.goto('/connection/gmail#connected-accounts');
      await card(page, ALEX).getByRole('button', { name: 'Disconnect', exact: true }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect', exact: true }).click();
      await toast(page, 'Gmail Account Disconnected');
      await visible(card(page, ALEX).getByText('Disconnected', { exact: true }));
      await visible(card(page, ALEX).getByRole('button', { name: 'Reconnect', exact: true }));
      await shots(t, page, 'recovery-gmail-disconnected');

      await page.goto(`/sequences/${sequence.id}`);
      await visible(banner(page).getByText(`2 emails to 2 contacts cannot go: ${ALEX} is disconnected.`));
      await shots(t, page, 'recovery-sequence-disconnected-banner');

      // Reconnecting the same Google account brings the same mailbox back, and the warning goes.
      const accountsBefore = await api(context, 'GET', '/api/gmail/accounts');
      await banner(page).getByRole('link', { name: 'Reconnect', exact: true }).click();
      await atPath(page, '/connection/gmail');
      await card(page, ALEX).getByRole('button', { name: 'Reconnect', exact: true }).click();
      await consentAs(page, 'Alex Morgan');
      await toast(page, 'Gmail Account Connected');
      const accountsAfter = await api(context, 'GET', '/api/gmail/accounts');
      ok(
        accountsAfter.length === 1 && accountsAfter[0].id === accountsBefore[0].id,
        'the same mailbox record after reconnecting',
      );
      ok(accountsAfter[0].status === 'connected', 'connected again');
      await page.goto(`/sequences/${sequence.id}`);
      await visible(page.getByRole('heading', { name: 'Recovery outreach' }));
      await eventually(() => banner(page).count(), 0, 'no warning once reconnected');

      // A second mailbox; the first removed for good: the warning offers the move.
      await page.goto('/connection/gmail');
      await connectFromMenu(page, 'Google');
      await consentAs(page, 'Sam Taylor');
      await page.goto('/connection/gmail#connected-accounts');
      await card(page, ALEX).getByRole('button', { name: 'Disconnect', exact: true }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect', exact: true }).click();
      await toast(page, 'Gmail Account Disconnected');
      await card(page, ALEX).getByRole('button', { name: 'Remove', exact: true }).click();
      await visible(page.getByRole('alertdialog').getByText(`Remove ${ALEX} for good?`, { exact: false }));
      await page.getByRole('alertdialog').getByRole('button', { name: 'Remove', exact: true }).click();
      await toast(page, 'Gmail Account Removed');
      await hidden(card(page, ALEX));

      await page.goto(`/sequences/${sequence.id}`);
      await visible(banner(page).getByText(`2 emails to 2 contacts cannot go: ${ALEX} was removed.`));
      await shots(t, page, 'recovery-sequence-removed-banner');
      await banner(page).getByRole('button', { name: 'Move emails', exact: true }).click();
      const move = page.getByRole('alertdialog');
      await visible(move.getByRole('combobox', { name: 'Send from' }).getByText(SAM));
      await shots(t, page, 'recovery-move-dialog');
      await move.getByRole('button', { name: 'Move emails', exact: true }).click();
      await toast(page, 'Emails moved', '2 emails moved');
      await eventually(() => banner(page).count(), 0, 'no warning once moved');
      const analytics = page.getByTestId('sequence-analytics');
      await visible(analytics.getByLabel('Enrolments').getByText('Failed', { exact: true }));
      await analytics.scrollIntoViewIfNeeded();
      await shots(t, page, 'recovery-sequence-analytics', () => analytics.scrollIntoViewIfNeeded());

      // Email Sending: the scheduled emails leave from the new mailbox, with the expected time and the pace.
      await page.goto('/campaign-builder/email-sending');
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Scheduled', exact: true }).click();
      for (const email of CONTACTS) {
        await visible(
          page
            .getByRole('row')
            .filter({ hasText: email })
            .getByText(/^Expected /),
        );
      }
      await visible(page.getByTestId('sending-pace').getByText(SAM, { exact: true }));
      await shots(t, page, 'recovery-email-sending-scheduled');
      await page.getByRole('combobox', { name: 'Status' }).click();
      await visible(page.getByRole('option', { name: 'Bounced', exact: true }));
      await visible(page.getByRole('option', { name: 'Unsubscribed', exact: true }));
      await page.keyboard.press('Escape');
    },
  },
];
