// A/B tests on a send step (decision 020), on the real clock: a new user with a sandbox mailbox (no gaps)
// and a one-step sequence over four contacts adds variant B from the step card, sets the test's rule,
// launches, waits for the four emails, and then sees each variant's numbers with 95% intervals in the
// sequence's analytics and the variant of each email on the Email Sending page.
import { eventually, ok, toast, visible } from '../lib/expect.mjs';
import { everySecond, nextWholeMinute, sendFromNextMinute, utcSendTime } from '../lib/sending.mjs';
import { connectSandboxMailbox, removeSendingGaps } from '../lib/ui.mjs';

const MAILBOX = 'alex.morgan.sandbox@gmail.com';
const ZONE = 'UTC';
const CONTACTS = ['ada', 'grace', 'katherine', 'hedy'].map((name) => ({
  email: `${name}.abtest@example.com`,
  firstName: name[0].toUpperCase() + name.slice(1),
}));
/** Up to two minutes for the send minute, plus engine rounds. */
const ENGINE_WAIT_MS = 170_000;

async function created(response, what) {
  ok(response.status() === 201, `${what} created (${response.status()} ${await response.text()})`);
  return response.json();
}

export default [
  {
    name: 'ab-tests: add a variant, launch, see per-variant numbers',
    waitsOnClock: true,
    timeoutMs: 300_000,
    async run(t) {
      const user = t.newUser('abtest');
      const { context, page } = await t.open();
      await t.register(context, user);
      const api = context.request;

      // A sandbox mailbox with no gap between sends.
      await connectSandboxMailbox(page);
      await removeSendingGaps(page, MAILBOX);

      // A list of four contacts, a template and a one-step sequence sending at the coming minute.
      const list = await created(
        await api.post('/api/personas', {
          data: { name: 'A/B prospects', industry: 'Software', jobTitle: 'CTO', location: 'Berlin' },
        }),
        'list',
      );
      for (const contact of CONTACTS) {
        await created(
          await api.post('/api/contacts', {
            data: { ...contact, personaId: list.id, metadata: { source: 'manual' } },
          }),
          contact.email,
        );
      }
      const template = await created(
        await api.post('/api/templates', {
          data: {
            name: 'Intro',
            subject: 'Quick question, {{first_name}}',
            htmlBody: '<p>Hi {{first_name}}</p>',
          },
        }),
        'template',
      );
      const sequence = await created(
        await api.post('/api/sequences', { data: { name: 'A/B launch', timezone: ZONE } }),
        'sequence',
      );
      const linked = await api.post(`/api/sequences/${sequence.id}/add-email-list`, {
        data: { personaId: list.id },
      });
      ok(linked.ok(), `list linked (${linked.status()})`);
      await created(
        await api.post(`/api/sequences/${sequence.id}/steps`, {
          data: { templateId: template.id, delayDays: 0, ...utcSendTime(nextWholeMinute()) },
        }),
        'step',
      );

      // Add variant B from the step card, then the test's rule.
      await page.goto(`/sequences/${sequence.id}`);
      const test = page.getByRole('region', { name: 'A/B test', exact: true });
      await visible(test.getByText(/Test up to 5 versions of this email/));
      await test.getByRole('button', { name: 'Add variant', exact: true }).click();
      await toast(page, 'Variant B added');
      await visible(test.getByRole('listitem', { name: 'Variant A' }));
      await visible(test.getByRole('listitem', { name: 'Variant B' }));
      await visible(test.getByText('Testing 2 variants.', { exact: false }));
      await test.getByLabel('Minimum sends per variant').fill('50');
      await test.getByText('Pick the winner automatically').click();
      await test.getByRole('button', { name: 'Save A/B settings', exact: true }).click();
      await toast(page, 'A/B settings saved');
      await visible(test.getByText(/once every variant has 50 sends/));
      await t.shot(page, 'ab-tests-step-variants');

      await sendFromNextMinute(context, sequence.id);
      await page.getByRole('button', { name: 'Activate Sequence' }).click();
      const confirm = page.getByRole('alertdialog');
      await visible(confirm.getByTestId('launch-preview').getByText('4 contacts', { exact: true }));
      await confirm.getByRole('button', { name: 'Launch', exact: true }).click();
      await toast(page, 'Sequence launched successfully! Contacts are being enrolled and emails scheduled.');

      // The four emails go out; the analytics count them per variant.
      await eventually(
        everySecond(async () => {
          const response = await api.get(`/api/sequences/${sequence.id}/analytics`);
          const analytics = await response.json();
          return analytics.variants.reduce((sum, variant) => sum + variant.sent, 0);
        }),
        4,
        'four emails sent across the variants',
        ENGINE_WAIT_MS,
      );
      await page.reload();
      const section = page.getByRole('region', { name: 'A/B test of Step 1' });
      await visible(section);
      const rows = section.getByRole('row');
      await visible(rows.filter({ hasText: /^A/ }).first());
      const sentCells = await section
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => Number(tr.querySelectorAll('td')[1]?.textContent ?? 'NaN')));
      ok(sentCells.length === 2 && sentCells[0] + sentCells[1] === 4, `per-variant sent ${sentCells}`);
      await visible(section.getByText('No winner yet'));
      await visible(section.getByTitle('95% interval').first());
      await section.scrollIntoViewIfNeeded();
      await t.shot(page, 'ab-tests-analytics');

      // Pick B by hand: the step and the analytics say so.
      const stepTest = page.getByRole('region', { name: 'A/B test', exact: true });
      await stepTest.getByRole('combobox', { name: 'Variant to pick as the winner' }).click();
      await page.getByRole('option', { name: 'Variant B', exact: true }).click();
      await stepTest.getByRole('button', { name: 'Make winner', exact: true }).click();
      await toast(page, 'Winner picked');
      await visible(stepTest.getByText('Winner: B (picked by hand)', { exact: true }));
      await visible(section.getByText('Winner: B (picked by hand)', { exact: true }));
      await stepTest.scrollIntoViewIfNeeded();
      await t.shot(page, 'ab-tests-winner-picked');

      // Email Sending shows each email's variant.
      await page.goto('/campaign-builder/email-sending');
      await visible(page.getByRole('row').filter({ hasText: CONTACTS[0].email }));
      const labels = await page
        .getByRole('table')
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[3]?.textContent ?? ''));
      ok(
        labels.length === 4 && labels.every((label) => label === 'A' || label === 'B'),
        `variant column ${labels}`,
      );
      await t.shot(page, 'ab-tests-email-sending');
    },
  },
];
