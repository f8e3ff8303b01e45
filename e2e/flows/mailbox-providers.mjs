// Mailboxes of every provider on one page: /mailboxes leads to it; a Google mailbox through the sandbox
// Google, a Microsoft 365 one through the sandbox Microsoft's sign-in page, each listed with its provider's
// mark, status, limits and health; "Other (SMTP/IMAP)" opens the server settings dialog, whose refusal shows
// the server's own answer with everything typed kept (here, a port where no mail server listens).
// Disconnecting the default mailbox says which one becomes the default; a sequence's sender picker offers
// "Also send from"; Activate on a sequence without a list opens the launch review, which refuses with its
// reason and a disabled Launch. Pictured at 1440 and 390 px wide.
import { atPath, equal, eventually, ok, toast, visible } from '../lib/expect.mjs';
import { DESKTOP, shotAtBothWidths } from '../lib/screens.mjs';
import { connectFromMenu } from '../lib/ui.mjs';

const GOOGLE = 'alex.morgan.sandbox@gmail.com';
const MICROSOFT = 'jordan.lee@contoso.example';
const SMTP = 'robin@fastmail.example';

const card = (page, email) => page.getByTestId('gmail-account-card').filter({ hasText: email });

export default [
  {
    name: 'mailbox providers: connect Google and Microsoft, the SMTP dialog answers with the server',
    timeoutMs: 180_000,
    async run(t) {
      const user = t.newUser('providers');
      const { context, page } = await t.open();
      await t.register(context, user);
      await page.setViewportSize(DESKTOP);

      await page.goto('/mailboxes');
      await atPath(page, '/connection/gmail');
      // The chat panel takes the whole width of a phone; it is closed here to look at the page.
      await page.evaluate(() => localStorage.setItem('chatWidgetOpen', 'false'));
      await page.reload();
      await visible(page.getByRole('heading', { name: 'Mailboxes', exact: true, level: 1 }));
      await visible(page.getByText('No mailboxes connected', { exact: true }));
      await shotAtBothWidths(t, page, 'mailboxes-empty', undefined, { afterToasts: true });

      await page.getByRole('button', { name: 'Connect Your First Gmail Account', exact: true }).click();
      await atPath(page, '/sandbox/google/o/oauth2/v2/auth');
      await page.getByRole('button', { name: /Alex Morgan/ }).click();
      await atPath(page, '/connection/gmail');
      await toast(page, 'Gmail Account Connected');

      await connectFromMenu(page, 'Microsoft');
      await atPath(page, '/sandbox/microsoft/common/oauth2/v2.0/authorize');
      await page.getByRole('textbox', { name: 'Email' }).fill(MICROSOFT);
      await t.shot(page, 'sandbox-microsoft-consent');
      await page.getByRole('button', { name: 'Accept', exact: true }).click();
      await atPath(page, '/connection/gmail');
      await toast(
        page,
        'Microsoft Mailbox Connected',
        'Your Microsoft mailbox has been connected successfully.',
      );
      await eventually(() => new URL(page.url()).search, '', 'query string cleaned after the return');

      const summary = page.getByLabel('Connected accounts summary');
      await visible(summary.getByText(MICROSOFT, { exact: true }));
      await visible(summary.getByRole('img', { name: 'Microsoft 365' }));
      await visible(summary.getByRole('img', { name: 'Gmail' }));
      await eventually(() => page.getByTestId('stat-Connected Accounts').textContent(), '2', 'mailboxes');
      await shotAtBothWidths(t, page, 'mailboxes-overview', undefined, { afterToasts: true });

      await page.getByRole('tab', { name: 'Connected Accounts', exact: true }).click();
      const microsoft = card(page, MICROSOFT);
      await visible(microsoft.getByText('Microsoft 365', { exact: true }));
      await visible(microsoft.getByText('Healthy', { exact: true }));
      // A new Microsoft mailbox ramps up like a new Gmail one, toward Exchange's own limit.
      await visible(
        microsoft.getByText(
          "New mailboxes ramp up: this one can send up to 50 a day for now, Microsoft's maximum being 10,000.",
          { exact: false },
        ),
      );
      equal(await microsoft.getByRole('button', { name: 'Refresh Aliases' }).count(), 0, 'no Gmail aliases');
      await visible(card(page, GOOGLE).getByRole('button', { name: 'Refresh Aliases' }));
      await shotAtBothWidths(t, page, 'mailboxes-cards', microsoft, { afterToasts: true });

      // Declared warmed up, a limit above Exchange's is refused with the server's words.
      await microsoft.getByLabel('Declare warmed up', { exact: false }).click();
      await visible(microsoft.getByText('Declared warmed up: this one can send up to 10,000 a day.'));
      await microsoft.getByLabel('Daily limit', { exact: true }).fill('20000');
      await microsoft.getByRole('button', { name: 'Save Limits' }).click();
      await visible(
        microsoft.getByText("Daily limit cannot be more than 10000, Microsoft's maximum for this mailbox"),
      );
      await microsoft.getByLabel('Daily limit', { exact: true }).fill('400');
      await microsoft.getByRole('button', { name: 'Save Limits' }).click();
      await toast(page, 'Sending Limits Updated');

      // Every provider's mailbox can be a sequence's sender.
      const senders = await (await page.request.get('/api/senders')).json();
      equal(
        [...new Set(senders.map((sender) => sender.accountEmail))].sort().join(','),
        [GOOGLE, MICROSOFT].sort().join(','),
        'senders of both providers',
      );

      await connectFromMenu(page, 'Other (SMTP/IMAP)');
      const dialog = page.getByRole('dialog', { name: 'Connect an SMTP/IMAP mailbox' });
      await visible(dialog);
      await dialog.getByLabel('Email address').fill(SMTP);
      await dialog.getByLabel('Display name').fill('Robin');
      for (const kind of ['SMTP', 'IMAP']) {
        await dialog.getByLabel(`${kind} host`).fill('127.0.0.1');
        await dialog.getByLabel(`${kind} username`).fill(SMTP);
        await dialog.getByLabel(`${kind} password`).fill('app-password-1');
      }
      await dialog.getByLabel('SMTP port').fill('2525');
      await dialog.getByRole('button', { name: 'Connect Mailbox', exact: true }).click();
      const refusal = dialog.getByRole('alert');
      await visible(refusal);
      const answer = await refusal.textContent();
      if (!/^SMTP connection failed: /.test(answer ?? '')) throw new Error(`unexpected answer: ${answer}`);
      // Everything typed stays, so one field can be fixed.
      equal(await dialog.getByLabel('Email address').inputValue(), SMTP, 'email kept');
      equal(await dialog.getByLabel('SMTP port').inputValue(), '2525', 'port kept');
      equal(await dialog.getByLabel('IMAP password').inputValue(), 'app-password-1', 'password kept');
      await shotAtBothWidths(t, page, 'mailboxes-smtp-refused', refusal, { afterToasts: true });
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      equal(await card(page, SMTP).count(), 0, 'nothing saved');

      // Disconnecting the default mailbox says which mailbox becomes the default.
      await card(page, GOOGLE).getByRole('button', { name: 'Disconnect', exact: true }).click();
      const confirm = page.getByRole('alertdialog');
      await visible(confirm.getByTestId('next-default').getByText(MICROSOFT, { exact: true }));
      await shotAtBothWidths(t, page, 'mailboxes-disconnect-default', confirm, { afterToasts: true });
      await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();

      // The sequence's sender picker offers "Also send from", the default sender chosen.
      const post = async (path, data) => (await page.request.post(path, { data })).json();
      const sequence = await post('/api/sequences', { name: 'Two mailboxes', timezone: 'UTC' });
      const template = await post('/api/templates', {
        name: 'Hello',
        subject: 'Hello',
        htmlBody: '<p>Hi</p>',
      });
      await post(`/api/sequences/${sequence.id}/steps`, { templateId: template.id, delayDays: 1 });
      await page.goto(`/sequences/${sequence.id}`);
      const rotation = page.getByRole('group', { name: 'Also send from' });
      await visible(rotation);
      await rotation.getByLabel(MICROSOFT, { exact: false }).check();
      await visible(page.getByRole('combobox', { name: 'Sender Mailbox' }).getByText(GOOGLE));
      await shotAtBothWidths(t, page, 'sequence-sender-rotation', rotation, { afterToasts: true });

      // Activate without a list: the launch review refuses with its reason; Launch is disabled.
      await page.getByRole('button', { name: 'Activate Sequence', exact: true }).click();
      const review = page.getByRole('alertdialog');
      await visible(review.getByText('No email list is linked and no contact is enrolled', { exact: false }));
      await visible(
        review.getByTestId('launch-preview').getByText('No email list is linked to this sequence.'),
      );
      const launch = review.getByRole('button', { name: 'Launch', exact: true });
      await eventually(() => launch.isDisabled(), true, 'Launch disabled while the review refuses');
      await shotAtBothWidths(t, page, 'launch-review-refusing', review, { afterToasts: true });
      await review.getByRole('button', { name: 'Cancel', exact: true }).click();
      const saved = await (await page.request.get(`/api/sequences/${sequence.id}`)).json();
      ok(saved.status === 'draft', `still a draft (${saved.status})`);
      equal(saved.senderAccountIds.length, 2, 'the rotation saved with Activate');
    },
  },
];
