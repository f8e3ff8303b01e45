// Leads Finder (spec "Leads Finder", sections 5, 8 and 9) against the sandbox Apollo, as a new user: the
// empty email-list picker, type-ahead filters (title, industry, size), paging, revealing one email, adding
// three selected leads and then all results to a list while the progress shows, and the contacts in the list.
import { atPath, eventually, hidden, ok, toast, visible } from '../lib/expect.mjs';

const FINDER = '/contacts-hub/leads-finder';
const LIST = {
  name: 'Software Sales Managers',
  industry: 'Computer Software',
  jobTitle: 'Sales Manager',
  location: 'Anywhere',
};
/** An import polls every 2 s; add-all of a few hundred sandbox leads ends within a few polls. */
const IMPORT_TIMEOUT_MS = 40_000;

const dialog = (page) => page.getByRole('dialog', { name: 'Add to Email List', exact: true });
const range = (page) => page.getByTestId('results-range');
const leadRows = (page) => page.getByRole('table', { name: 'Leads' }).locator('tbody tr');

/** The position of the first row whose email is still locked (a revealed row keeps its place). */
async function firstLockedRow(page) {
  const rows = leadRows(page);
  await visible(rows.first());
  for (let at = 0; at < (await rows.count()); at += 1) {
    if (
      (await rows
        .nth(at)
        .getByRole('button', { name: /^Access email of / })
        .count()) > 0
    )
      return at;
  }
  throw new Error('no row with a locked email');
}
const count = (text) => Number(text.replaceAll(',', ''));

/** Types one letter (the hint), then the text, and picks a suggestion; it becomes a chip. */
async function pick(page, label, typed, option) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.fill(typed.slice(0, 1));
  await visible(page.getByText('Type at least 2 characters to search.', { exact: true }));
  await input.fill(typed);
  await visible(page.getByRole('option', { name: `Use custom: "${typed}"` }));
  await page.getByRole('option', { name: option, exact: true }).click();
  await visible(page.getByRole('button', { name: `Remove ${option}`, exact: true }));
}

/** Chooses the list in the picker and waits for the import to end with its completion toast. */
async function addToList(page, t, shotName) {
  const picker = dialog(page);
  await visible(picker);
  await picker.getByRole('button', { name: new RegExp(LIST.name) }).click();
  await picker.getByRole('button', { name: 'Add to List', exact: true }).click();
  await hidden(picker);
  const progress = page.getByRole('region', { name: 'Import progress' });
  await visible(progress);
  await t.shot(page, shotName);
  await visible(page.getByText('Import complete', { exact: true }), IMPORT_TIMEOUT_MS);
  await visible(progress.getByText('Import completed', { exact: true }));
  const added = count(await progress.getByTestId('import-added').innerText());
  const skipped = count(await progress.getByTestId('import-skipped').innerText());
  return { added, skipped, progress };
}

export default [
  {
    name: 'leads: add selected to a list created on the spot',
    async run(t) {
      const user = t.newUser('leads-new-list');
      const { context, page } = await t.open();
      await t.register(context, user);
      await page.goto(FINDER);
      await visible(range(page));
      await leadRows(page).filter({ hasNotText: 'No email' }).first().getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Add Selected (1)', exact: true }).click();
      await visible(
        dialog(page).getByText('No email lists found. Create one first in Contacts.', { exact: false }),
      );
      await dialog(page).getByRole('button', { name: 'Create New Email List', exact: true }).click();
      const form = page.getByRole('dialog', { name: 'Create New Email List' });
      await form.getByLabel('Email List Name', { exact: true }).fill('Found today');
      await form.getByLabel('Industry', { exact: true }).fill(LIST.industry);
      await form.getByLabel('Job Title', { exact: true }).fill(LIST.jobTitle);
      await form.getByLabel('Location', { exact: true }).fill(LIST.location);
      await t.shot(page, 'leads-create-list');
      await form.getByRole('button', { name: 'Create Email List', exact: true }).click();
      await toast(page, 'Email list created successfully');
      await hidden(dialog(page));
      const progress = page.getByRole('region', { name: 'Import progress' });
      await visible(progress.getByText('Import completed', { exact: true }), IMPORT_TIMEOUT_MS);
      await visible(progress.getByRole('link', { name: 'Found today' }));
    },
  },
  {
    name: 'leads: filters, reveal, add selected and all results to a list',
    async run(t) {
      const user = t.newUser('leads');
      const { context, page } = await t.open();
      await t.register(context, user);

      await page.goto(FINDER);
      await visible(page.getByRole('heading', { name: 'Leads Finder', exact: true }));
      await visible(page.getByText('Sandbox Apollo.', { exact: true }));
      await visible(range(page));
      ok((await range(page).innerText()).startsWith('Showing 1 to 50 of '), 'first page of all people');
      await visible(page.getByRole('searchbox', { name: 'Search leads' }));
      for (const size of ['1-10', '10001+']) await visible(page.getByRole('checkbox', { name: size }));
      await t.shot(page, 'leads-finder');

      // Leads without any email cannot be added.
      const noEmail = leadRows(page).filter({ hasText: 'No email' });
      ok((await noEmail.count()) > 0, 'a lead without email on the first page');
      await noEmail.first().getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Add Selected (1)', exact: true }).click();
      await toast(page, 'No valid emails');
      await hidden(dialog(page));
      await page.getByRole('button', { name: 'Clear selection', exact: true }).click();

      // A new user has no list yet: the picker says so.
      await leadRows(page).first().getByRole('checkbox').check();
      await page.getByRole('button', { name: /^Add Selected \(1\)$/ }).click();
      await visible(
        dialog(page).getByText('No email lists found. Create one first in Contacts.', { exact: false }),
      );
      await t.shot(page, 'leads-no-email-lists');
      await dialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
      await page.getByRole('button', { name: 'Clear selection', exact: true }).click();
      await hidden(page.getByRole('region', { name: 'Selection' }));
      const created = await context.request.post('/api/personas', { data: LIST });
      ok(created.ok(), `create list: ${created.status()}`);
      const listId = (await created.json()).id;

      // Filters: a title from 'sal', an industry, a location tab and a company size.
      await pick(page, 'Job Title', 'sal', 'Sales Manager');
      await pick(page, 'Industry & Keywords', 'soft', 'Computer Software');
      await pick(page, 'Industry & Keywords', 'computer sof', 'Computer Software');
      await eventually(
        () => page.getByRole('button', { name: 'Remove Computer Software' }).count(),
        1,
        'chips',
      );
      await page.getByRole('tab', { name: 'Account HQ' }).click();
      await visible(page.getByRole('tab', { name: 'Account HQ', selected: true }));
      await page.getByRole('tab', { name: 'Contact' }).click();
      await page.getByRole('checkbox', { name: '51-100', exact: true }).check();
      const before = await range(page).innerText();
      await page.getByRole('button', { name: 'Apply Filters', exact: true }).click();
      await eventually(async () => (await range(page).innerText()) !== before, true, 'results after Apply');
      const total = count(/of ([\d,]+)$/.exec(await range(page).innerText())[1]);
      ok(total > 3 && total < 3000, `filtered total ${total}`);
      const titles = await leadRows(page).locator('td:nth-child(3)').allInnerTexts();
      ok(titles.length > 0 && titles.every((title) => title.includes('Sales Manager')), `titles ${titles}`);
      await visible(page.getByText(`Page 1 of ${Math.ceil(total / 50)}`, { exact: true }));
      await t.shot(page, 'leads-filtered');

      if (total > 50) {
        await page.getByRole('button', { name: 'Next', exact: true }).click();
        await visible(page.getByText(`Showing 51 to ${Math.min(100, total)} of`, { exact: false }));
        await page.getByRole('button', { name: 'Previous', exact: true }).click();
        await visible(page.getByText(/^Showing 1 to /));
      }

      // Reveal one email: the button gives way to the address, and the obfuscated name to the whole one.
      const first = leadRows(page).nth(await firstLockedRow(page));
      const name = (await first.locator('td:nth-child(2) span').first().innerText()).trim();
      ok(name.includes('***'), `search shows an obfuscated name: ${name}`);
      await first.getByRole('button', { name: `Access email of ${name}` }).click();
      const revealedCell = first.locator('td:nth-child(5)');
      await eventually(async () => (await revealedCell.innerText()).includes('@'), true, 'revealed email');
      const revealedEmail = (await revealedCell.innerText()).trim();
      const wholeName = (await first.locator('td:nth-child(2) span').first().innerText()).trim();
      ok(
        wholeName.startsWith(name.split(' ')[0]) && !wholeName.includes('*'),
        `the whole name: ${wholeName}`,
      );

      // Add the revealed lead and two more: three selected.
      const withEmail = leadRows(page).filter({ hasNotText: 'No email' });
      await first.getByRole('checkbox').check();
      let picked = 1;
      for (let i = 0; picked < 3; i += 1) {
        const box = withEmail.nth(i).getByRole('checkbox');
        if (!(await box.isChecked())) {
          await box.check();
          picked += 1;
        }
      }
      await visible(page.getByRole('button', { name: 'Add Selected (3)', exact: true }));
      await visible(page.getByRole('button', { name: `Add All Results (${total.toLocaleString('en-US')})` }));
      await t.shot(page, 'leads-selected');
      await page.getByRole('button', { name: 'Add Selected (3)', exact: true }).click();
      const selectedImport = await addToList(page, t, 'leads-adding-selected');
      ok(selectedImport.added === 3, `selected import added ${selectedImport.added}`);
      await hidden(page.getByRole('region', { name: 'Selection' }));
      await page.getByRole('button', { name: 'Dismiss import progress' }).click();

      // Then all results: the three already added are skipped as duplicates.
      await page.getByRole('checkbox', { name: 'Select all leads on this page' }).check();
      await page.getByRole('button', { name: /^Add All Results/ }).click();
      const allImport = await addToList(page, t, 'leads-adding-all');
      ok(allImport.skipped >= 3, `add-all skipped ${allImport.skipped}`);
      ok(
        allImport.added + allImport.skipped === total,
        `add-all handled ${allImport.added} + ${allImport.skipped}`,
      );
      await visible(page.getByText(/skipped \d+ duplicates?/));
      await t.shot(page, 'leads-import-complete');

      // The contacts are in the list.
      await allImport.progress.getByRole('link', { name: LIST.name }).click();
      await atPath(page, `/personas/${listId}`);
      await visible(page.getByRole('heading', { name: LIST.name }));
      await visible(page.getByText(`Contacts (${3 + allImport.added})`, { exact: true }));
      const listed = await context.request.get(`/api/personas/${listId}/contacts?page=1&limit=100`);
      const body = await listed.json();
      ok(body.total === 3 + allImport.added, `list holds ${body.total}, expected ${3 + allImport.added}`);
      const emails = [];
      for (let p = 1; (p - 1) * 100 < body.total; p += 1) {
        const answer = await context.request.get(`/api/personas/${listId}/contacts?page=${p}&limit=100`);
        emails.push(...(await answer.json()).contacts.map((contact) => contact.email));
      }
      ok(emails.includes(revealedEmail), `the revealed ${revealedEmail} is in the list`);
      ok(
        emails.every((email) => email.includes('@') && !email.includes('email_not_unlocked')),
        'real addresses',
      );
      await t.shot(page, 'leads-in-list');
    },
  },
  {
    name: 'leads: a rejected Apollo key shows why',
    async run(t) {
      const { page } = await t.open({ signedIn: true });
      await page.goto('/integrations');
      await page.getByRole('button', { name: 'Apollo API key settings' }).click();
      const keyDialog = page.getByRole('dialog', { name: 'Apollo API Key' });
      // The sandbox Apollo behind the e2e server refuses keys starting with 'invalid', as Apollo answers 401.
      await keyDialog.getByLabel('API Key', { exact: true }).fill('invalid-key-0000');
      await keyDialog.getByRole('button', { name: 'Save API Key', exact: true }).click();
      await toast(page, 'Failed to save API key');
      await visible(keyDialog.getByText('Invalid access credentials.', { exact: true }));
      await visible(keyDialog);
      await t.shot(page, 'apollo-key-rejected');
    },
  },
];
