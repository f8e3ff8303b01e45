// Mailbox sending limits on the Gmail connection page (the mailbox's age read from its sent mail, declared
// warmed up), and the Email Sending page's statuses for emails
// that have not gone out.
import { eventually, visible } from '../lib/expect.mjs';
import { postJson } from '../lib/sequence-reply.mjs';
import { connectSandboxMailbox } from '../lib/ui.mjs';

const MAILBOX = 'alex.morgan.sandbox@gmail.com';

export default [
  {
    name: 'sending limits: daily limit and gaps of a mailbox, unsent statuses on Email Sending',
    async run(t) {
      const user = t.newUser('limits');
      const { context, page } = await t.open();
      await t.register(context, user);

      await connectSandboxMailbox(page);

      await page.goto('/connection/gmail#connected-accounts');
      const form = page.getByRole('form', { name: `Sending limits of ${MAILBOX}` });
      await visible(form);
      const daily = form.getByLabel('Daily limit');
      const minGap = form.getByLabel('Minimum gap');
      const maxGap = form.getByLabel('Maximum gap');
      await eventually(() => minGap.inputValue(), '60', 'default minimum gap');
      await eventually(() => maxGap.inputValue(), '180', 'default maximum gap');

      await daily.fill('51');
      await form.getByRole('button', { name: 'Save Limits', exact: true }).click();
      await visible(form.getByText(/Daily limit cannot be more than 50 for this mailbox yet/));

      await daily.fill('20');
      await minGap.fill('200');
      await form.getByRole('button', { name: 'Save Limits', exact: true }).click();
      await visible(form.getByText('The minimum gap cannot be longer than the maximum gap', { exact: true }));

      await minGap.fill('0');
      await maxGap.fill('0');
      await form.getByRole('button', { name: 'Save Limits', exact: true }).click();
      await visible(page.getByText('Sending Limits Updated', { exact: true }));
      await t.shot(page, 'gmail-sending-limits');

      await page.reload();
      await eventually(() => daily.inputValue(), '20', 'saved daily limit');
      await eventually(() => maxGap.inputValue(), '0', 'saved maximum gap');
      await eventually(
        () =>
          page.getByRole('progressbar', { name: `Daily quota for ${MAILBOX}` }).getAttribute('aria-valuemax'),
        '20',
        'quota bar limit',
      );

      // The mailbox's age: never sent before it was connected, it ramps up from its connection.
      const age = form.locator('xpath=..').getByTestId('mailbox-age');
      await visible(
        age.getByText(/^Sending since \w{3} \d{4} \(when it was connected: no sent mail before\)$/),
      );
      // A mailbox that has sent since March 2019: read again from its sent mail, it is past the ramp-up.
      await postJson(
        context,
        '/api/sandbox/old-sent-mail',
        { mailbox: MAILBOX, sentAt: '2019-03-14T15:00:00Z' },
        200,
      );
      await age.getByRole('button', { name: `Check again the age of ${MAILBOX} from its sent mail` }).click();
      await visible(age.getByText('Sending since Mar 2019 (from its sent mail)', { exact: true }));
      await visible(page.getByText('Its age puts it past the ramp-up: it can send up to 500 a day.'));
      // Declared warmed up, with the risk said in one line.
      const warm = page.getByLabel('Declare warmed up (no ramp-up, a daily limit up to 500)');
      await visible(
        page.getByText('Sending more than a new mailbox can bear raises the chance your mail goes to spam.', {
          exact: true,
        }),
      );
      await warm.click();
      await visible(page.getByText('Declared warmed up: this one can send up to 500 a day.'));
      await daily.fill('501');
      await form.getByRole('button', { name: 'Save Limits', exact: true }).click();
      await visible(form.getByText(/Daily limit cannot be more than 500/));
      await daily.fill('450');
      await form.getByRole('button', { name: 'Save Limits', exact: true }).click();
      await visible(page.getByText('Sending Limits Updated', { exact: true }).first());
      await age.scrollIntoViewIfNeeded();
      await t.shot(page, 'gmail-mailbox-age-warmed-up');

      await page.goto('/campaign-builder/email-sending');
      await page.getByRole('combobox', { name: 'Status' }).click();
      for (const option of [
        'All Statuses',
        'Reply',
        'Open',
        'Not Open',
        'Scheduled',
        'Waiting',
        'Failed',
        'Cancelled',
      ]) {
        await visible(page.getByRole('option', { name: option, exact: true }));
      }
      await page.getByRole('option', { name: 'Waiting', exact: true }).click();
      await visible(page.getByText('No waiting emails', { exact: true }));
      await t.shot(page, 'email-sending-waiting-empty');
    },
  },
];
