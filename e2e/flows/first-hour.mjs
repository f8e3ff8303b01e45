// The first hour: sign up, the "Get started" checklist ticking itself and opening the sidebar group of the
// next step, dismissing it; adding a contact the user already has to a second list from the duplicate
// toast; "Select all N contacts of this list" and a move that takes all of them.
import { atPath, eventually, hidden, toast, visible } from '../lib/expect.mjs';

const checklist = (page) => page.getByTestId('get-started');
const step = (page, key) => checklist(page).locator(`[data-step="${key}"]`);
const groupState = (page, id) => page.getByTestId(`sidebar-group-${id}`).getAttribute('data-state');
const rowFor = (page, email) => page.getByRole('row').filter({ hasText: email });

async function createList(page, name) {
  await page.goto('/personas');
  await page.getByRole('button', { name: 'Create Email List' }).first().click();
  const dialog = page.getByRole('dialog');
  const values = { Name: name, Industry: 'Software', 'Job Title': 'CTO', Location: 'Berlin' };
  for (const [label, value] of Object.entries(values))
    await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: 'Create Email List' }).click();
  await toast(page, 'Email list created successfully');
  await atPath(page, (path) => /^\/personas\/[0-9a-f-]{36}$/.test(path));
  return new URL(page.url()).pathname;
}

async function addContactByHand(page, email) {
  await page.getByRole('button', { name: 'Add Contact' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByRole('button', { name: 'Create Contact' }).click();
  return dialog;
}

export default [
  {
    name: 'first hour: the Get started checklist ticks itself and can be dismissed',
    async run(t) {
      const user = t.newUser('firsthour');
      const { page } = await t.open();
      await page.goto('/signup');
      await page.getByLabel('Full Name', { exact: true }).fill(user.fullName);
      await page.getByLabel('Email', { exact: true }).fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Create Account', exact: true }).click();
      await atPath(page, '/connection/gmail');

      await visible(checklist(page).getByRole('heading', { name: 'Get started', level: 2 }));
      await visible(checklist(page).getByText('0 of 4 done', { exact: true }));
      for (const [key, link, href] of [
        ['mailbox', 'Connect a mailbox', '/connection/gmail'],
        ['contacts', 'Get contacts from a CSV file', '/personas'],
        ['contacts', 'the Leads Finder', '/contacts-hub/leads-finder'],
        ['template', 'Write a template', '/campaign-builder/email-sending#templates'],
        ['launch', 'Launch a sequence', '/sequences'],
      ]) {
        const anchor = step(page, key).getByRole('link', { name: link, exact: true });
        await eventually(() => anchor.getAttribute('href'), href, `${link} goes to ${href}`);
        await eventually(() => step(page, key).getAttribute('data-done'), 'false', `${key} not done`);
      }
      await visible(step(page, 'contacts').getByText('Get contacts from a CSV file or the Leads Finder'));
      await eventually(() => groupState(page, 'email-connections'), 'open', 'the mailbox step’s group');
      await t.shot(page, 'first-hour-checklist-empty');

      // Connecting the sandbox mailbox ticks the first step; the next step's group opens.
      await page.getByRole('button', { name: 'Connect Your First Gmail Account', exact: true }).click();
      await atPath(page, '/sandbox/google/o/oauth2/v2/auth');
      await page.getByRole('button', { name: /Alex Morgan/ }).click();
      await atPath(page, '/connection/gmail');
      await visible(checklist(page).getByText('1 of 4 done', { exact: true }));
      await eventually(() => step(page, 'mailbox').getAttribute('data-done'), 'true', 'mailbox ticked');
      await eventually(() => groupState(page, 'contacts-hub'), 'open', 'the contacts step’s group');
      await t.shot(page, 'first-hour-checklist-mailbox-done');

      // A contact added elsewhere ticks the contacts step without a reload.
      await createList(page, 'First list');
      await addContactByHand(page, 'olive@acme.example');
      await toast(page, 'Contact created and linked to email list successfully');
      await page.getByRole('link', { name: 'Gsuite', exact: true }).click();
      await atPath(page, '/connection/gmail');
      await visible(checklist(page).getByText('2 of 4 done', { exact: true }));
      await eventually(() => step(page, 'contacts').getAttribute('data-done'), 'true', 'contacts ticked');
      await eventually(() => groupState(page, 'campaign-builder'), 'open', 'the template step’s group');

      await checklist(page).getByRole('button', { name: 'Dismiss the Get started checklist' }).click();
      await hidden(checklist(page));
      await page.reload();
      await visible(page.getByRole('heading', { name: 'Mailboxes', level: 1 }));
      await visible(page.getByRole('tab', { name: 'Overview' }));
      await hidden(checklist(page));
    },
  },
  {
    name: 'first hour: a known email joins a second list from the toast; select all N contacts of a list',
    async run(t) {
      const { context, page } = await t.open();
      await t.register(context, t.newUser('knowncontact'));
      const first = await createList(page, 'Known first');
      await addContactByHand(page, 'known@acme.example');
      await toast(page, 'Contact created and linked to email list successfully');

      const second = await createList(page, 'Known second');
      const dialog = await addContactByHand(page, 'KNOWN@acme.example');
      await toast(page, 'Error', 'This email address already exists');
      await hidden(dialog);
      const action = page.getByRole('button', { name: 'Add the existing contact to this list', exact: true });
      await visible(action);
      await t.shot(page, 'first-hour-duplicate-toast');
      await action.click();
      await toast(page, 'Contact added to this email list');
      await visible(rowFor(page, 'known@acme.example'));
      await visible(page.getByRole('heading', { name: 'Contacts (1)' }));

      // 25 more contacts, so the list holds more than a page of 20.
      const rows = ['email'];
      for (let i = 0; i < 25; i += 1) rows.push(`bulk${String(i).padStart(2, '0')}@scale.example`);
      await page.getByRole('button', { name: 'Import CSV' }).click();
      await page
        .getByTestId('csv-file-input')
        .setInputFiles({ name: 'bulk.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
      const importDialog = page.getByRole('dialog');
      await importDialog.getByRole('button', { name: 'Import 25 Contacts' }).click();
      await visible(importDialog.getByText(/^Successfully imported 25 contacts/));
      await importDialog.getByRole('button', { name: 'Done' }).click();
      await visible(page.getByRole('heading', { name: 'Contacts (26)' }));

      await page.getByLabel('Select all contacts on this page', { exact: true }).check();
      await visible(page.getByText('All 20 contacts on this page are selected.', { exact: true }));
      await visible(page.getByRole('button', { name: 'Move Contacts (20)' }));
      await page.getByRole('button', { name: 'Select all 26 contacts of this list', exact: true }).click();
      await visible(page.getByText('All 26 contacts of this list are selected.', { exact: true }));
      await t.shot(page, 'first-hour-select-all-of-list');
      await page.getByRole('button', { name: 'Move Contacts (26)' }).click();
      const move = page.getByRole('dialog');
      await move.getByLabel('Destination email list', { exact: true }).click();
      await page.getByRole('option', { name: 'Known first', exact: true }).click();
      await move.getByRole('button', { name: 'Move Contacts' }).click();
      // The known contact is already in the first list: it stays here and is skipped.
      await toast(page, 'Moved 25 contact(s). Skipped 1 duplicate(s).');
      await visible(page.getByRole('heading', { name: 'Contacts (1)' }));
      await page.goto(first);
      await visible(page.getByRole('heading', { name: 'Contacts (26)' }));
      await page.goto(second);
      await visible(rowFor(page, 'known@acme.example'));
    },
  },
];
