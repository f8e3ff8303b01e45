// Workflows (spec sections 2, 4, 5, 7 and 8): the two-step wizard with the type-ahead criteria and a new email
// list, an immediate one-time run against the sandbox Apollo that fills the list, Pause and Activate, editing
// the workflow into a weekly one with a next run, the run history, and Delete with its confirmation.
import { atPath, eventually, hidden, ok, toast, visible } from '../lib/expect.mjs';

const NAME = 'Marketing Managers in Software';
const LIST = {
  'Email List Name': 'Marketing Managers',
  Industry: 'Software',
  'Job Title': 'Marketing Manager',
  Location: 'United States',
};
/** A run reads Apollo pages and reveals 25 emails; the scheduler job picks it up within a few seconds. */
const RUN_TIMEOUT_MS = 45_000;

const card = (page) => page.getByRole('article', { name: `Workflow ${NAME}`, exact: true });
const fact = (scope, label) =>
  scope.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

async function pick(page, label, typed, option) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.fill(typed.slice(0, 1));
  await visible(page.getByText('Type at least 2 characters to search.', { exact: true }));
  await input.fill(typed);
  await visible(page.getByRole('option', { name: `Use custom: "${typed}"` }));
  await page.getByRole('option', { name: option, exact: true }).click();
  await visible(page.getByRole('button', { name: `Remove ${option}`, exact: true }));
}

export default [
  {
    name: 'workflows: wizard, immediate run fills the list, pause, edit to weekly, delete',
    async run(t) {
      const user = t.newUser('workflows');
      const { context, page } = await t.open();
      await t.register(context, user);

      await page.goto('/workflows');
      await visible(page.getByText('No workflows yet', { exact: true }));
      await page.getByRole('link', { name: 'Create Workflow' }).first().click();
      await atPath(page, '/workflows/create');
      await visible(page.getByText('Trigger & Criteria', { exact: true }));

      // Step 1: the name is required; then the schedule and the criteria.
      await page.getByRole('button', { name: 'Next: Configure Actions' }).click();
      await toast(page, 'Validation Error', 'Please enter a workflow name');
      await page.getByPlaceholder('e.g., Monthly Lead Discovery', { exact: true }).fill(NAME);
      await page
        .getByPlaceholder('Describe what this workflow does...', { exact: true })
        .fill('Fills the list');
      await visible(page.getByRole('radio', { name: 'Start immediately', checked: true }));
      await visible(page.getByRole('radio', { name: 'Run only once', checked: true }));
      await pick(page, 'Job Title', 'Marketing Man', 'Marketing Manager');
      await pick(page, 'Industry & Keywords', 'software', 'Computer Software');
      // A repeat pick is not added twice.
      await pick(page, 'Industry & Keywords', 'computer soft', 'Computer Software');
      await eventually(
        () => page.getByRole('button', { name: 'Remove Computer Software' }).count(),
        1,
        'chips',
      );
      await page.getByRole('checkbox', { name: '51-100', exact: true }).check();
      await page.getByLabel('Lead Limit', { exact: true }).fill('25');
      await t.shot(page, 'workflow-wizard-criteria');

      // Step 2: no lists yet; create one in the dialog, which selects it.
      await page.getByRole('button', { name: 'Next: Configure Actions' }).click();
      await visible(page.getByText('No email lists available. Create one to continue.', { exact: true }));
      await page.getByRole('button', { name: 'Create Workflow', exact: true }).click();
      await toast(page, 'Validation Error', 'Please select at least one email list');
      await page.getByRole('button', { name: 'Create New Email List' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Email List' });
      for (const [label, value] of Object.entries(LIST))
        await dialog.getByLabel(label, { exact: true }).fill(value);
      await dialog.getByRole('button', { name: 'Create Email List' }).click();
      await toast(page, 'Email list created successfully');
      await visible(page.getByRole('button', { name: /Marketing Managers.*Selected/, pressed: true }));
      await t.shot(page, 'workflow-wizard-actions');
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await visible(page.getByRole('button', { name: 'Remove Marketing Manager' }));
      await page.getByRole('button', { name: 'Next: Configure Actions' }).click();
      await page.getByRole('button', { name: 'Create Workflow', exact: true }).click();
      await toast(page, 'Workflow created successfully');
      await atPath(page, '/workflows');

      // The run happens at once: the card shows its result and Last Run; the list holds 25 contacts.
      await visible(card(page));
      await visible(card(page).getByText('Last result: Added 25 new leads', { exact: true }), RUN_TIMEOUT_MS);
      ok((await fact(card(page), 'Last Run').innerText()) !== 'Never', 'Last Run is set');
      await visible(fact(card(page), 'Frequency').getByText('Run once', { exact: true }));
      await visible(fact(card(page), 'Lead Limit').getByText('25 leads', { exact: true }));
      await visible(card(page).getByText(/^completed$/i));
      await t.shot(page, 'workflows-after-run');
      await page.goto('/personas');
      await visible(
        page.getByRole('link', { name: 'Open email list Marketing Managers' }).getByText('25 contacts'),
      );

      // Edit: every 1 week; the card then shows the next run, and Pause / Activate work.
      await page.goto('/workflows');
      await card(page).getByRole('link', { name: 'Edit' }).click();
      await atPath(page, (path) => /^\/workflows\/[0-9a-f-]{36}$/.test(path));
      await visible(page.getByRole('heading', { name: 'Edit Workflow' }));
      const history = page.getByRole('table', { name: 'Workflow runs' });
      await visible(history.getByText(/^completed$/i));
      await visible(history.getByRole('cell', { name: '25', exact: true }));
      await history.scrollIntoViewIfNeeded();
      await t.shot(page, 'workflow-run-history');
      await page.getByRole('heading', { name: 'Schedule' }).scrollIntoViewIfNeeded();
      await page.getByRole('radio', { name: 'Run every X weeks' }).check();
      await page.getByLabel('Interval (weeks)').fill('1');
      await t.shot(page, 'workflow-edit');
      await page.getByRole('button', { name: 'Update Workflow' }).click();
      await toast(page, 'Workflow updated successfully');
      await atPath(page, '/workflows');
      await visible(fact(card(page), 'Frequency').getByText('Every 1 week', { exact: true }));
      await visible(fact(card(page), 'Next Run'));
      await visible(card(page).getByText(/^active$/i));
      await card(page).getByRole('button', { name: 'Pause' }).click();
      await visible(card(page).getByText(/^paused$/i));
      await hidden(fact(card(page), 'Next Run'));
      await card(page).getByRole('button', { name: 'Activate' }).click();
      await visible(fact(card(page), 'Next Run'));
      await t.shot(page, 'workflows-weekly');

      // Delete asks first.
      await card(page).getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete workflow?' });
      await visible(confirm);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await visible(page.getByText('No workflows yet', { exact: true }));

      await page.goto('/workflows/00000000-0000-4000-8000-000000000000');
      await visible(page.getByText('Workflow not found', { exact: true }));
    },
  },
];
