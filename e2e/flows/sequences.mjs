// Sequences (spec sections 2, 4, 5, 7 and 8) as a new user builds one: an email list, the Create Sequence
// dialog, a send step with a template written in the nested dialog (and the send-time rule), a wait step
// (with Back to the type choice), an add-to-list step with a list created in the nested dialog, reactions
// wired with '+ Create New Step', the linked list and its contacts enrolled, the diagram, Activate opening the launch review (confirmed,
// refused without a mailbox, then with a sandbox one), Pause and Activate (and a refused Activate rolled back
// on its card; a clone's card Activate opening the launch review), a reload that keeps everything, Clone, Delete with its confirmation, deleting a step, and
// 'Sequence not found'.
import { atPath, eventually, hidden, ok, toast, visible } from '../lib/expect.mjs';
import { connectSandboxMailbox } from '../lib/ui.mjs';

const NAME = 'Onboarding outreach';
const ZONE = 'Europe/Paris';
const LIST = { Name: 'Berlin CTOs', Industry: 'Software', 'Job Title': 'CTO', Location: 'Berlin' };
const MAILBOX = 'alex.morgan.sandbox@gmail.com';
const NEW_LIST = { Name: 'Warm leads', Industry: 'Software', 'Job Title': 'CTO', Location: 'Berlin' };

const dialog = (page, name) => page.getByRole('dialog', { name, exact: true });
const stepCard = (page, order, name = `Step ${order}`) =>
  page.getByRole('article', { name: `Step ${order}: ${name}`, exact: true });
const seqCard = (page, name) => page.getByRole('article', { name: `Sequence ${name}`, exact: true });
const fact = (scope, label) =>
  scope.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

/** Opens a Radix select by its label and picks an option. */
async function choose(page, scope, label, option) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fillFields(scope, fields) {
  for (const [label, value] of Object.entries(fields)) {
    await scope.getByLabel(label, { exact: true }).fill(value);
  }
}

/** 'HH:mm' now in a time zone, as the add-step form fills it in. */
const clockIn = (timeZone) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(),
  );

async function openAddStep(page, type, t) {
  await page.getByRole('button', { name: 'Add Step', exact: true }).first().click();
  const chooser = dialog(page, 'Add Step');
  await visible(chooser.getByText('Choose what this step does.'));
  if (type === 'Send Email' && t) await t.shot(page, 'sequence-add-step-chooser');
  await chooser.getByRole('button', { name: new RegExp(`^${type}`) }).click();
  const form = dialog(page, `Add Step: ${type}`);
  await visible(form);
  return form;
}

/** The send step: spec defaults, the template and send-time rules, a template made in the nested dialog. */
async function addSendStep(page, t) {
  const form = await openAddStep(page, 'Send Email', t);
  ok((await form.getByLabel('Step Name').inputValue()) === 'Step 1', 'first step is named Step 1');
  ok((await form.getByLabel('Delay (days)').inputValue()) === '0', 'first step has delay 0');
  // The default send time is the next one the rule takes: a five-minute mark more than a minute ahead.
  const sendTime = form.getByLabel(`Send Time (${ZONE})`);
  const ahead = toMinutes(await sendTime.inputValue()) - toMinutes(clockIn(ZONE));
  ok(ahead >= 1 && ahead <= 7, `the default send time is ${ahead} minutes ahead in ${ZONE}`);
  await sendTime.fill('00:00');
  ok((await form.getByLabel('Hours').inputValue()) === '48', 'reaction window 48 h');
  ok((await form.getByLabel('Minutes').inputValue()) === '0', 'reaction window 0 min');

  await form.getByRole('button', { name: 'Add Step', exact: true }).click();
  await visible(form.getByText('Please select an email template', { exact: true }));
  const now = clockIn(ZONE);
  await visible(
    form.getByText(
      `Send time must be in the future. Current time in ${ZONE} is ${now}. Please select a time after ${now}.`,
      { exact: true },
    ),
  );
  await t.shot(page, 'sequence-add-send-step-validation');

  await form.getByRole('button', { name: 'Create New Template' }).click();
  const editor = dialog(page, 'Create Template');
  await editor.getByLabel('Template Name', { exact: true }).fill('Intro email');
  await editor.getByLabel('Subject', { exact: true }).fill('Quick question, {{first_name}}');
  await editor.getByRole('textbox', { name: 'HTML Body' }).click();
  await page.keyboard.type('<p>Hi {{first_name}}, could we talk?</p>');
  await editor.getByRole('button', { name: 'Create Template', exact: true }).click();
  await toast(page, 'Template created and selected');
  await hidden(editor);
  await visible(form.getByRole('combobox', { name: 'Email Template' }).getByText('Intro email'));
  // With a template chosen, only the send time is refused: the field takes the focus, its message beside it.
  await form.getByRole('button', { name: 'Add Step', exact: true }).click();
  const time = form.getByLabel(`Send Time (${ZONE})`);
  await eventually(() => time.evaluate((el) => el === document.activeElement), true, 'send time focused');
  const describedBy = await time.getAttribute('aria-describedby');
  const message = describedBy ? await form.locator(`[id="${describedBy}"]`).textContent() : '';
  ok(
    message.startsWith('Send time must be in the future'),
    `send time described by its message (${message})`,
  );
  await t.shot(page, 'sequence-send-time-refused');
  await form.getByLabel('Delay (days)').fill('1');
  await form.getByRole('button', { name: 'Add Step', exact: true }).click();
  await toast(page, 'Step created successfully');
  await hidden(form);
  await visible(stepCard(page, 1).getByText('Intro email'));
}

const toMinutes = (hhmm) => {
  const [h, m] = hhmm.split(':').map(Number);
  return ((h * 60 + m + 720) % 1440) - 720;
};

export default [
  {
    name: 'sequences: build a branching sequence, activate, pause, reload, clone, delete',
    async run(t) {
      const user = t.newUser('sequences');
      const { context, page } = await t.open();
      await t.register(context, user);

      // An email list with two contacts.
      await page.goto('/personas');
      await page.getByRole('button', { name: 'Create Email List' }).first().click();
      await fillFields(page.getByRole('dialog'), LIST);
      await page.getByRole('dialog').getByRole('button', { name: 'Create Email List' }).click();
      await toast(page, 'Email list created successfully');
      await atPath(page, (path) => /^\/personas\/[0-9a-f-]{36}$/.test(path));
      const listId = new URL(page.url()).pathname.split('/').pop();
      for (const email of ['ada@example.com', 'grace@example.com']) {
        const response = await context.request.post('/api/contacts', {
          data: { email, firstName: email.split('@')[0], personaId: listId, metadata: { source: 'manual' } },
        });
        ok(response.status() === 201, `contact ${email} created (${response.status()})`);
      }

      // The empty list page and the Create Sequence dialog.
      await page.goto('/sequences');
      await visible(page.getByRole('heading', { name: 'Sequences', level: 1 }));
      await visible(page.getByText('Manage your email sequences and automation workflows', { exact: true }));
      await visible(page.getByText('No sequences yet', { exact: true }));
      await t.shot(page, 'sequences-empty');
      await page.getByRole('button', { name: 'Create Your First Sequence' }).click();
      const create = dialog(page, 'Create Sequence');
      await create.getByRole('button', { name: 'Create Sequence', exact: true }).click();
      await visible(create.getByText('Sequence name is required', { exact: true }));
      await create.getByLabel('Sequence Name').fill(NAME);
      await create.getByLabel('Description (optional)').fill('First touch for new CTO leads');
      await choose(page, create, 'Timezone', ZONE);
      await create.getByLabel('Skip weekends', { exact: false }).check();
      await t.shot(page, 'sequence-create-dialog');
      await create.getByRole('button', { name: 'Create Sequence', exact: true }).click();
      await toast(page, 'Sequence created successfully');
      await atPath(page, (path) => /^\/sequences\/[0-9a-f-]{36}$/.test(path));
      const detailPath = new URL(page.url()).pathname;
      await visible(page.getByRole('heading', { name: NAME, level: 1 }));
      await visible(page.getByText('No steps yet', { exact: true }));
      ok(
        await page.getByRole('button', { name: 'Activate Sequence' }).isDisabled(),
        'Activate off without steps',
      );
      await t.shot(page, 'sequence-detail-empty');

      // Step 1: send email. Step 2: wait, after going Back once. Step 3: add to a list made on the spot.
      await addSendStep(page, t);
      let form = await openAddStep(page, 'Wait');
      await form.getByRole('button', { name: 'Back', exact: true }).click();
      await visible(dialog(page, 'Add Step').getByText('Choose what this step does.'));
      await dialog(page, 'Add Step').getByRole('button', { name: /^Wait/ }).click();
      form = dialog(page, 'Add Step: Wait');
      ok((await form.getByLabel('Step Name').inputValue()) === 'Step 2', 'second step is named Step 2');
      await form.getByLabel('Wait Time').fill('2');
      await form.getByRole('button', { name: 'Add Step', exact: true }).click();
      await toast(page, 'Step created successfully');
      await visible(stepCard(page, 2).getByText('2 days'));

      form = await openAddStep(page, 'Add to Email List');
      await form.getByRole('button', { name: 'Add Step', exact: true }).click();
      await visible(form.getByText('Please select an email list', { exact: true }));
      await form.getByRole('button', { name: 'Create New Email List' }).click();
      const listDialog = dialog(page, 'Create Email List');
      await fillFields(listDialog, NEW_LIST);
      await listDialog.getByRole('button', { name: 'Create Email List' }).click();
      await toast(page, 'Persona created and selected');
      await hidden(listDialog);
      await form.getByRole('button', { name: 'Add Step', exact: true }).click();
      await toast(page, 'Step created successfully');
      await visible(stepCard(page, 3).getByText(NEW_LIST.Name));

      // Reactions of step 1: not opened -> step 2 after 1 day; opened with no reply -> a new step 4.
      await stepCard(page, 1).getByRole('button', { name: 'Edit' }).click();
      const notOpened = stepCard(page, 1).getByRole('group', { name: 'Not opened' });
      await choose(page, notOpened, 'Not opened: next step', '2. Step 2');
      await notOpened.getByLabel('Wait (days)').fill('1');
      const opened = stepCard(page, 1).getByRole('group', { name: 'Opened, no reply' });
      await opened.getByRole('button', { name: 'Create New Step' }).click();
      await dialog(page, 'Add Step')
        .getByRole('button', { name: /^Send Email/ })
        .click();
      form = dialog(page, 'Add Step: Send Email');
      await choose(page, form, 'Email Template', 'Intro email · Quick question, {{first_name}}');
      await form.getByRole('button', { name: 'Add Step', exact: true }).click();
      await toast(page, 'Step created successfully');
      await visible(opened.getByRole('combobox').getByText('4. Step 4'));
      await stepCard(page, 1).getByRole('group', { name: 'Replied' }).scrollIntoViewIfNeeded();
      await t.shot(page, 'sequence-step-reactions');
      await stepCard(page, 1).getByRole('button', { name: 'Save', exact: true }).click();
      await toast(page, 'Step updated successfully');
      await visible(stepCard(page, 1).getByText('2. Step 2 after 1 day'));
      await visible(fact(stepCard(page, 1), 'Opened, no reply:').getByText('4. Step 4'));

      // The wait goes on to step 3.
      await stepCard(page, 2).getByRole('button', { name: 'Edit' }).click();
      await choose(page, stepCard(page, 2), 'After waiting, go to', '3. Step 3');
      await stepCard(page, 2).getByRole('button', { name: 'Save', exact: true }).click();
      await toast(page, 'Step updated successfully');
      await visible(fact(stepCard(page, 2), 'Then').getByText('3. Step 3'));

      // The list linked, its contacts enrolled.
      await choose(page, page, 'Add an email list', `${LIST.Name} (2 contacts)`);
      await page.getByRole('button', { name: 'Add Email List', exact: true }).click();
      await visible(page.getByRole('list', { name: 'Linked email lists' }).getByText(LIST.Name));
      await page.getByRole('button', { name: 'Add Contacts to Sequence' }).click();
      const enroll = dialog(page, 'Add Contacts to Sequence');
      await enroll.getByRole('button', { name: 'Add to Sequence' }).click();
      await visible(enroll.getByText('Please select an email list', { exact: true }));
      await choose(page, enroll, 'Email list', LIST.Name);
      await visible(enroll.getByText('2 of 2 selected'));
      await enroll.getByRole('button', { name: 'Add to Sequence' }).click();
      await visible(enroll.getByText('2 contacts enrolled', { exact: true }));
      await enroll.getByRole('button', { name: 'Done' }).click();

      // The diagram, loaded with its own chunk.
      await visible(page.locator('.react-flow__node', { hasText: '4. Step 4' }));
      await visible(page.getByTestId('diagram-edge-label').filter({ hasText: 'Not opened (1d)' }));
      await t.shot(page, 'sequence-detail-full');
      await page.locator('.react-flow').scrollIntoViewIfNeeded();
      await t.shot(page, 'sequence-diagram');

      // No second start button: Launch shows only for a launched sequence that does not enrol by itself.
      ok((await page.getByRole('button', { name: 'Launch', exact: true }).count()) === 0, 'no Launch button');
      // Activate on a sequence never launched, with a list, opens the launch review; the launch needs a
      // mailbox: the failure is a toast titled Error with the server's message.
      await page.getByRole('button', { name: 'Activate Sequence' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Launch', exact: true }).click();
      await visible(page.getByText('Error', { exact: true }));
      await visible(page.getByText('Failed to launch sequence').or(page.getByText(/Gmail/)));

      // With a sandbox mailbox chosen as the sender, Launch enrolls the list and runs the sequence.
      await connectSandboxMailbox(page);
      await page.goto(detailPath);
      await choose(page, page, 'Sender Mailbox', `${MAILBOX} (default)`);
      await visible(page.getByRole('combobox', { name: 'Send As' }).getByText(MAILBOX));
      // Its contacts are already enrolled: the confirmation and the result say nothing new is enrolled.
      await page.getByRole('button', { name: 'Activate Sequence' }).click();
      const launchDialog = page.getByRole('alertdialog');
      await visible(launchDialog.getByText('No new contacts to enrol.', { exact: true }));
      await launchDialog.getByRole('button', { name: 'Launch', exact: true }).click();
      await toast(page, 'No new contacts to enrol');
      await visible(page.locator('header').getByText('running', { exact: true }));

      // Pause, Activate and Pause again; the status badge follows.
      await page.getByRole('button', { name: 'Pause Sequence' }).click();
      await toast(page, 'Sequence paused successfully');
      await page.getByRole('button', { name: 'Activate Sequence' }).click();
      await toast(page, 'Sequence activated successfully');
      await visible(page.locator('header').getByText('running', { exact: true }));
      await page.getByRole('button', { name: 'Pause Sequence' }).click();
      await toast(page, 'Sequence paused successfully');
      await visible(page.locator('header').getByText('paused', { exact: true }));

      // A reload keeps everything.
      await page.reload();
      await visible(page.getByRole('heading', { name: NAME, level: 1 }));
      await visible(page.getByRole('combobox', { name: 'Timezone' }).getByText(ZONE));
      ok(await page.getByLabel('Skip weekends', { exact: false }).isChecked(), 'skip weekends kept');
      await visible(stepCard(page, 4));
      await visible(stepCard(page, 1).getByText('2. Step 2 after 1 day'));
      await visible(page.getByRole('list', { name: 'Linked email lists' }).getByText(LIST.Name));
      await visible(page.getByRole('combobox', { name: 'Sender Mailbox' }).getByText(MAILBOX));
      await visible(page.getByRole('button', { name: 'Activate Sequence' }));

      // The list: facts, clone and delete (of the clone).
      await page.getByRole('link', { name: 'Back to Sequences' }).click();
      await atPath(page, '/sequences');
      const original = seqCard(page, NAME);
      await visible(fact(original, 'Timezone').getByText(ZONE));
      await visible(fact(original, 'Skip weekends').getByText('Yes'));
      await visible(fact(original, 'Steps').getByText('4 steps'));
      await visible(original.getByText('paused', { exact: true }));
      // A refused status change is rolled back on the card, with the server's message.
      const refusal = 'This sequence cannot be activated right now';
      await page.route('**/api/sequences/*/activate', (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ message: refusal }),
        }),
      );
      await original.getByRole('button', { name: 'Activate' }).click();
      await toast(page, 'Error', refusal);
      await visible(original.getByText('paused', { exact: true }));
      await visible(original.getByRole('button', { name: 'Activate' }));
      await page.unroute('**/api/sequences/*/activate');
      await original.getByRole('button', { name: 'Clone' }).click();
      await toast(page, `Sequence cloned as "${NAME} (Copy)"`);
      const copy = seqCard(page, `${NAME} (Copy)`);
      await visible(fact(copy, 'Steps').getByText('4 steps'));
      await visible(fact(copy, 'Emails').getByText('0 sent · 0 opened · 0 replied', { exact: true }));
      await visible(copy.getByText('draft', { exact: true }));
      await t.shot(page, 'sequences-list');
      // The card's Activate on the clone (never launched, with the list) opens the same launch review. Its
      // contacts are all in the original sequence, so it would send nothing: the review says so, Launch is off,
      // and the clone stays a draft.
      await copy.getByRole('button', { name: 'Activate' }).click();
      const review = page.getByRole('alertdialog', { name: `Launch "${NAME} (Copy)"?` });
      await visible(review.getByTestId('launch-preview'));
      await visible(review.getByText(/^No contact to email/).first());
      ok(await review.getByRole('button', { name: 'Launch', exact: true }).isDisabled(), 'Launch is off');
      await t.shot(page, 'sequences-card-launch-review');
      await page.keyboard.press('Escape');
      await hidden(review);
      await visible(copy.getByText('draft', { exact: true }));
      await copy.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('alertdialog');
      await visible(
        confirm.getByText(`Are you sure you want to delete "${NAME} (Copy)"? This action cannot be undone.`),
      );
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await toast(page, 'Sequence deleted successfully');
      await hidden(copy);
      await page.reload();
      await visible(original);
      await eventually(() => page.getByRole('article').count(), 1, 'sequence cards after delete');

      // A card opens its sequence; an unknown id is 'Sequence not found'.
      await original.getByRole('link', { name: NAME }).click();
      await atPath(page, detailPath);
      // Deleting a step sends the paths that led to it to 'End sequence'.
      await stepCard(page, 4).getByRole('button', { name: 'Delete step 4' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
      await toast(page, 'Step deleted successfully');
      await hidden(stepCard(page, 4));
      await visible(fact(stepCard(page, 1), 'Opened, no reply:').getByText('End sequence'));
      await page.goto('/sequences/00000000-0000-4000-8000-000000000000');
      await visible(page.getByText('Sequence not found', { exact: true }));
    },
  },
];
