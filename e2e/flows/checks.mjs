// Checks before launch (decision 036): a template's email is scored with its reasons on the template's
// page and again per step in the launch review, whose list check counts addresses without mail server, disposable and role
// addresses (MX lookups against the loopback DNS stub), the disposable ones are excluded in one click,
// and the launch leaves them out, visibly.
import { equal, ok, toast, visible } from '../lib/expect.mjs';
import { connectSandboxMailbox } from '../lib/ui.mjs';

const NAME = 'Checked outreach';

async function post(context, path, data, status = 201) {
  const response = await context.request.post(path, { data });
  ok(response.status() === status, `POST ${path} (${response.status()}) ${await response.text()}`);
  return response.json();
}

const ADDRESSES = [
  'ana.lopez@acme-example.com',
  'ben.ng@acme-example.com',
  'sales@acme-example.com',
  'cy@nomail-example.com',
  'dee@mailinator.com',
  'eve@mailinator.com',
];

export default [
  {
    name: 'checks: an email scored with its reasons, a list checked and its disposable addresses excluded',
    timeoutMs: 120_000,
    async run(t) {
      const user = t.newUser('checks');
      const { context, page } = await t.open();
      await t.register(context, user);
      await connectSandboxMailbox(page);

      const list = await post(context, '/api/personas', {
        name: 'Checked leads',
        industry: 'Software',
        jobTitle: 'CTO',
        location: 'Berlin',
      });
      for (const [n, email] of ADDRESSES.entries()) {
        await post(context, '/api/contacts', {
          email,
          firstName: `Lead${n}`,
          personaId: list.id,
          metadata: { source: 'manual' },
        });
      }
      const template = await post(context, '/api/templates', {
        name: 'Intro',
        subject: 'A quick question, {{first_name}}',
        htmlBody:
          '<p>Hi {{first_name}}, we help teams like yours book more meetings from the mailboxes they already use.</p>' +
          '<p>Would a short call next week be useful?</p>' +
          '<p>If you would rather not hear from me, <a href="{{unsubscribe_url}}">unsubscribe here</a>.</p>',
      });

      // The email check on the template's page: a badge, the engine and every rule that fired.
      await page.goto(`/templates/${template.id}/preview`);
      const emailCheck = page.getByRole('region', { name: 'Email check' });
      await emailCheck.getByRole('button', { name: 'Check email' }).click();
      const result = emailCheck.getByTestId('email-check-result');
      await visible(result, 60_000);
      const badge = await emailCheck.getByTestId('email-check-badge').textContent();
      ok(/^(good|risky) · \d+\.\d$/.test(badge ?? ''), `badge "${badge}"`);
      await visible(result.getByText(/Rendered for your first contact \(ana\.lopez@acme-example\.com\)/));
      await emailCheck.scrollIntoViewIfNeeded();
      await t.shot(page, 'checks-email');

      const sequence = await post(context, '/api/sequences', { name: NAME, timezone: 'UTC' });
      await post(context, `/api/sequences/${sequence.id}/add-email-list`, { personaId: list.id }, 200);
      await post(context, `/api/sequences/${sequence.id}/steps`, {
        stepType: 'send_email',
        name: 'Email 1',
        templateId: template.id,
        delayDays: 1,
        sendHour: 9,
        sendMinute: 0,
      });

      // The list check in the launch review.
      await page.goto(`/sequences/${sequence.id}`);
      await page.getByRole('button', { name: 'Activate Sequence' }).click();
      const review = page.getByRole('alertdialog', { name: `Launch "${NAME}"?` });
      // The same email check, per send step, in the launch review.
      const stepCheck = review.getByTestId('launch-email-check');
      await stepCheck.getByRole('button', { name: 'Check email' }).click();
      await visible(stepCheck.getByTestId('email-check-badge'), 60_000);
      const listCheck = review.getByTestId('list-check');
      await listCheck.getByRole('button', { name: 'Check list' }).click();
      await visible(listCheck.getByText('2 of 6 addresses look fine (3 domains checked).'));
      await visible(listCheck.getByTestId('list-check-noMx').getByText('No mail server (no MX record): 1'));
      await visible(
        listCheck.getByTestId('list-check-role').getByText('Role addresses (info@, sales@, ...): 1'),
      );
      const disposable = listCheck.getByTestId('list-check-disposable');
      await visible(disposable.getByText('Disposable addresses: 2'));
      await t.shot(page, 'checks-list');

      await disposable.getByRole('button', { name: 'Exclude 2' }).click();
      const excluded = listCheck.getByTestId('list-check-excluded-disposable');
      await visible(excluded.getByText(/Excluded from this sequence: 2 contacts \(disposable address/));
      await visible(listCheck.getByText('2 of 4 addresses look fine (2 domains checked).'));
      await t.shot(page, 'checks-list-excluded');

      await review.getByRole('button', { name: 'Launch', exact: true }).click();
      await toast(page, 'Sequence launched successfully! Contacts are being enrolled and emails scheduled.');
      const launched = await (await context.request.get(`/api/sequences/${sequence.id}`)).json();
      equal(launched.totalContacts, 4, 'contacts enrolled without the two disposable addresses');
      const skipped = await (
        await context.request.get(`/api/sequences/${sequence.id}/skipped-contacts`)
      ).json();
      equal(skipped.total, 2, 'the excluded contacts listed as left out');
      await t.shot(page, 'checks-launched');
    },
  },
];
