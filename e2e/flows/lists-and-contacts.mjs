// Email lists and contacts (spec sections 2, 4, 5, 8 and 9): create a list, add a contact by hand, import a CSV
// with duplicates and bad rows, a 20,000-row import with live progress, an import stopped by the user, an
// import whose answer breaks off, move contacts, filter and sort the contacts page, edit, delete.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { atPath, equal, eventually, hidden, ok, toast, visible } from '../lib/expect.mjs';

const LIST = { name: 'SaaS CTOs', industry: 'Software', jobTitle: 'CTO', location: 'Berlin' };

/** The messy export a user really has: BOM, CRLF, export header names, quotes, a repeat, bad rows. */
function messyCsv(existing) {
  const lines = [
    'Email Address,First Name,Last Name,Company,Job Title,Industry',
    'ada@engines.example,Ada,Lovelace,"Engines, Ltd",CTO,Computing',
    'grace@navy.example,Grace,Hopper,Navy,"Rear ""Amazing"" Admiral",Defense',
    'alan@bletchley.example,Alan,Turing,Bletchley,Cryptanalyst,Computing',
    'linus@kernel.example,Linus,Torvalds,Kernel,Maintainer,Software',
    'margaret@nasa.example,Margaret,Hamilton,NASA,Director,Aerospace',
    'barbara@mit.example,Barbara,Liskov,MIT,Professor,Education',
    `${existing.toUpperCase()},Dup,Licate,Acme,CEO,Software`,
    'ada@engines.example,Ada,Again,Engines,CTO,Computing',
    ',No,Email,Nowhere,None,None',
    'bad@,Bad,Address,Nowhere,None,None',
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const bigCsv = (rows) => {
  const lines = ['Email;First Name;Company'];
  for (let i = 0; i < rows; i += 1) lines.push(`bulk${i}@scale.example;Bulk ${i};Scale Inc`);
  return lines.join('\n');
};

const csvFile = (name, text, mimeType = 'text/csv') => ({ name, mimeType, buffer: Buffer.from(text) });

async function fillList(page, values) {
  for (const [label, value] of Object.entries(values))
    await page.getByLabel(label, { exact: true }).fill(value);
}

async function createList(page, list) {
  await page.goto('/personas');
  await page.getByRole('button', { name: 'Create Email List' }).first().click();
  const dialog = page.getByRole('dialog');
  await fillList(dialog, {
    Name: list.name,
    Industry: list.industry,
    'Job Title': list.jobTitle,
    Location: list.location,
  });
  await dialog.getByRole('button', { name: 'Create Email List' }).click();
  await toast(page, 'Email list created successfully');
  await atPath(page, (path) => /^\/personas\/[0-9a-f-]{36}$/.test(path));
  await visible(page.getByRole('heading', { name: list.name, level: 1 }));
  return new URL(page.url()).pathname;
}

/** `file`: a payload, or the path of a large file (a path is handed to Chromium, not sent through the protocol). */
async function importCsv(page, file) {
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await page.getByTestId('csv-file-input').setInputFiles(file, { timeout: 30_000 });
}

/** Runs `use` with a CSV of `rows` in a file of its own (for imports too large to send as a payload), then removes it. */
async function withBigCsvFile(name, rows, use) {
  const dir = await mkdtemp(join(tmpdir(), 'e2e-csv-'));
  try {
    const path = join(dir, name);
    await writeFile(path, bigCsv(rows));
    await use(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function pick(page, label, option) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const rowFor = (page, email) => page.getByRole('row').filter({ hasText: email });

export default [
  {
    name: 'lists and contacts: create, add, import, move',
    async run(t) {
      const { context, page } = await t.open();
      await t.register(context, t.newUser('lists'));
      await page.goto('/personas');
      await visible(page.getByText('No email lists yet'));
      await page.getByRole('button', { name: 'Create Email List' }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Create Email List' }).click();
      await visible(page.getByText('Name, industry, job title, and location are required', { exact: true }));
      await t.shot(page, 'email-list-create-validation');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      const firstPath = await createList(page, LIST);

      // A contact by hand: the form's rule, then success, then the same address again.
      await page.getByRole('button', { name: 'Add Contact' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Create Contact' }).click();
      await visible(dialog.getByText('Email is required', { exact: true }));
      await fillList(dialog, { Email: 'owner@acme.example', 'First Name': 'Olive', 'Last Name': 'Owner' });
      await dialog.getByRole('button', { name: 'Create Contact' }).click();
      await toast(page, 'Contact created and linked to email list successfully');
      await visible(rowFor(page, 'owner@acme.example').getByText('Olive Owner'));
      await page.getByRole('button', { name: 'Add Contact' }).click();
      await fillList(dialog, { Email: 'OWNER@acme.example' });
      await dialog.getByRole('button', { name: 'Create Contact' }).click();
      await toast(page, 'Error', 'This email address already exists');
      // The toast offers the existing contact (already in this list), so the form closes.
      await hidden(dialog);
      await t.shot(page, 'email-list-with-contact');

      // CSV import: a wrong file type, then a messy export.
      await importCsv(page, csvFile('notes.txt', 'hello', 'text/plain'));
      await toast(page, 'Invalid file', 'Please select a valid CSV file');
      await page
        .getByTestId('csv-file-input')
        .setInputFiles(csvFile('leads.csv', messyCsv('owner@acme.example')));
      const importDialog = page.getByRole('dialog');
      await visible(
        importDialog.getByText('7 contacts to import.', {
          exact: false,
        }),
      );
      await visible(importDialog.getByText('3 rows will not be imported', { exact: true }));
      await visible(importDialog.getByText('1 row without an email address: line 10', { exact: true }));
      await visible(
        importDialog.getByText('1 row with an invalid email address: line 11', {
          exact: true,
        }),
      );
      const preview = importDialog.getByRole('table', { name: 'Preview of the first rows' });
      equal(await preview.getByRole('row').count(), 6, 'preview rows (header + 5)');
      await visible(preview.getByText('Engines, Ltd'));
      await t.shot(page, 'csv-preview');
      await importDialog.getByRole('button', { name: 'Import 7 Contacts' }).click();
      // The address already in the list is the second skipped row; the row without an address failed.
      const summary = 'Successfully imported 6 contacts, 2 skipped (duplicate emails), 2 failed';
      await visible(importDialog.getByRole('status').getByText(summary, { exact: true }));
      // The summary names the rows not imported and why, by line, and hands them back as a CSV.
      await visible(importDialog.getByText('3 rows were not imported', { exact: true }));
      const notImported = importDialog.getByRole('list', { name: 'Rows not imported' });
      await visible(notImported.getByText('1 row repeating the email address of an earlier row: line 9'));
      await visible(notImported.getByText('1 row without an email address: line 10'));
      await visible(notImported.getByText('1 row with an invalid email address: line 11'));
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        importDialog.getByRole('button', { name: 'Download rejected rows (CSV)' }).click(),
      ]);
      equal(download.suggestedFilename(), 'rejected-leads.csv', 'rejected rows file name');
      const rejectedCsv = await readFile(await download.path(), 'utf8');
      equal(
        rejectedCsv.split('\r\n')[0],
        '\uFEFFLine,Email Address,First Name,Last Name,Company,Job Title,Industry,Reason',
        'rejected CSV header',
      );
      ok(
        rejectedCsv.includes('11,bad@,Bad,Address,Nowhere,None,None,Invalid email address'),
        'invalid row in the CSV',
      );
      ok(rejectedCsv.includes('9,ada@engines.example,Ada,Again,'), 'repeated row in the CSV');
      await t.shot(page, 'csv-import-summary');
      await importDialog.getByRole('button', { name: 'Done' }).click();
      await visible(page.getByRole('heading', { name: 'Contacts (7)' }));
      await visible(rowFor(page, 'grace@navy.example'));

      // Running the same file again only skips.
      await importCsv(page, csvFile('leads.csv', messyCsv('owner@acme.example')));
      await importDialog.getByRole('button', { name: 'Import 7 Contacts' }).click();
      await visible(
        importDialog.getByText('Successfully imported 0 contacts, 8 skipped (duplicate emails), 2 failed', {
          exact: true,
        }),
      );
      await importDialog.getByRole('button', { name: 'Done' }).click();

      // A second list that already holds Ada (imported there too), then a move from the first.
      const secondPath = await createList(page, { ...LIST, name: 'Founders' });
      await importCsv(page, csvFile('one.csv', 'email\nada@engines.example\n'));
      await importDialog.getByRole('button', { name: 'Import 1 Contact' }).click();
      await visible(
        importDialog.getByText('Successfully imported 0 contacts, 1 skipped (duplicate emails), 0 failed'),
      );
      // Ada was known from the first list: the summary says she joined this one.
      await visible(
        importDialog.getByText('1 contact you already had was added to this list: ada@engines.example.', {
          exact: true,
        }),
      );
      await t.shot(page, 'csv-import-known-added');
      await importDialog.getByRole('button', { name: 'Done' }).click();
      await page.goto(firstPath);
      for (const email of ['ada@engines.example', 'alan@bletchley.example', 'linus@kernel.example']) {
        await page.getByLabel(`Select ${email}`).check();
      }
      await page.getByRole('button', { name: 'Move Contacts (3)' }).click();
      const move = page.getByRole('dialog');
      await move.getByRole('button', { name: 'Move Contacts' }).click();
      await visible(move.getByText('Please select a destination email list', { exact: true }));
      await pick(page, 'Destination email list', `${LIST.name} (this list)`);
      await move.getByRole('button', { name: 'Move Contacts' }).click();
      await visible(move.getByText('Cannot move to the same email list', { exact: true }));
      await pick(page, 'Destination email list', 'Founders');
      await t.shot(page, 'move-contacts-dialog');
      await move.getByRole('button', { name: 'Move Contacts' }).click();
      await toast(page, 'Moved 2 contact(s). Skipped 1 duplicate(s).');
      await visible(page.getByRole('heading', { name: 'Contacts (5)' }));
      await hidden(rowFor(page, 'alan@bletchley.example'));
      await page.goto(secondPath);
      await visible(page.getByRole('heading', { name: 'Contacts (3)' }));
      await visible(rowFor(page, 'linus@kernel.example'));
      await t.shot(page, 'email-list-after-move');

      // The index: stats, search and a card per list.
      await page.goto('/personas');
      await visible(page.getByRole('link', { name: `Open email list ${LIST.name}` }));
      equal(await page.getByTestId('stat-total-email-lists').textContent(), '2', 'lists stat');
      await page.getByLabel('Search email lists').fill('found');
      await hidden(page.getByRole('link', { name: `Open email list ${LIST.name}` }));
      await visible(page.getByRole('link', { name: 'Open email list Founders' }));
      await page.getByLabel('Search email lists').fill('');
      await t.shot(page, 'email-lists-index');
    },
  },
  {
    name: 'lists and contacts: a 20,000-row import with live progress',
    async run(t) {
      const { context, page } = await t.open();
      await t.register(context, t.newUser('bulk'));
      await createList(page, { ...LIST, name: 'Bulk' });
      await importCsv(page, csvFile('bulk.csv', bigCsv(20_000)));
      const dialog = page.getByRole('dialog');
      await visible(dialog.getByText('20,000 contacts to import', { exact: false }), 20_000);
      await dialog.getByRole('button', { name: 'Import 20,000 Contacts' }).click();
      const bar = dialog.getByRole('progressbar', { name: 'Importing contacts' });
      await visible(bar);
      // The page stays responsive while batches are sent, and the counter moves: current/total.
      const seen = new Set();
      const progress = page.getByTestId('import-progress');
      const moved = () => [...seen].some((text) => /^[1-9][\d,]*\/20,000$/.test(text));
      for (const deadline = Date.now() + 20_000; !moved() && Date.now() < deadline; ) {
        if ((await progress.count()) === 0) break;
        seen.add(await progress.textContent());
        await page.waitForTimeout(25);
      }
      await t.shot(page, 'csv-import-progress');
      await visible(
        dialog.getByText('Successfully imported 20000 contacts, 0 skipped (duplicate emails), 0 failed'),
        60_000,
      );
      ok(moved(), `progress shown as current/total: ${[...seen]}`);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await visible(page.getByRole('heading', { name: 'Contacts (20,000)' }));
      await visible(
        page.getByRole('navigation', { name: 'Contact pages' }).getByRole('button', { name: 'Page 5' }),
      );
    },
  },
  {
    name: 'lists and contacts: an import stopped while its file goes up saves nothing',
    async run(t) {
      const { context, page } = await t.open();
      await t.register(context, t.newUser('stop'));
      await createList(page, { ...LIST, name: 'Stopped' });
      // Large enough that the server, saving as the file arrives, is still reading it when the user stops.
      await withBigCsvFile('large.csv', 200_000, async (path) => {
        await importCsv(page, path);
        const dialog = page.getByRole('dialog', { name: 'Import Contacts from CSV' });
        await visible(dialog.getByText('200,000 contacts to import', { exact: false }), 30_000);
        await dialog.getByRole('button', { name: 'Import 200,000 Contacts' }).click();
        await dialog.getByRole('button', { name: 'Stop Import' }).click();
        const confirm = page.getByRole('alertdialog', { name: 'Stop this import?' });
        await visible(confirm.getByText('Nothing from this file will be saved.', { exact: false }));
        await t.shot(page, 'csv-import-stop');
        await confirm.getByRole('button', { name: 'Stop Import' }).click();
        await toast(
          page,
          'Import stopped',
          'Nothing from this file was saved. Import it again whenever you like.',
        );
        // Back to the preview: the same file can be imported again.
        await visible(dialog.getByRole('button', { name: 'Import 200,000 Contacts' }));
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await hidden(dialog);
        // The server is told of the stop at once and rolls back before its next range: the page, whose
        // queries wait for that on the embedded database, is back within the usual time.
        await page.reload();
        await visible(page.getByRole('heading', { name: 'Contacts (0)' }));
      });
    },
  },
  {
    name: 'lists and contacts: an import whose answer breaks off while saving says it cannot tell',
    async run(t) {
      const { context, page } = await t.open();
      await t.register(context, t.newUser('cutoff'));
      await createList(page, { ...LIST, name: 'Cut off' });
      // The server had the whole file and began to save when the connection broke.
      await page.route('**/import-csv*', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/x-ndjson',
          body: '{"progress":{"stage":"saving","saved":0,"total":3}}\n',
        }),
      );
      await importCsv(page, csvFile('cut.csv', bigCsv(3)));
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Import 3 Contacts' }).click();
      const alert = dialog.getByRole('alert');
      await visible(alert.getByText('Import not confirmed'));
      await visible(
        alert.getByText('The connection was lost while the contacts were being saved', { exact: false }),
      );
      equal(await dialog.getByText(/Successfully imported/).count(), 0, 'no summary of an outcome not known');
      await t.shot(page, 'csv-import-not-confirmed');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await hidden(dialog);
    },
  },
  {
    name: 'lists and contacts: the contacts page, edit and delete',
    async run(t) {
      const { context, page } = await t.open();
      await t.register(context, t.newUser('contacts'));
      const listPath = await createList(page, LIST);
      await importCsv(page, csvFile('leads.csv', messyCsv('nobody@acme.example')));
      await page.getByRole('dialog').getByRole('button', { name: 'Import 7 Contacts' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();

      // While the contacts are on their way the figures are placeholders, never a 0; when they cannot be
      // fetched (here the rate limit answers, a failure the flows let through) the page says so, and Try
      // again fetches them.
      let failContacts = true;
      let releaseContacts;
      const contactsHeld = new Promise((resolve) => {
        releaseContacts = resolve;
      });
      await page.route('**/api/contacts?*', async (route) => {
        await contactsHeld;
        if (failContacts) await route.fulfill({ status: 429, json: { message: 'Too many requests' } });
        else await route.fallback();
      });
      await page.goto('/contacts');
      await visible(page.getByRole('heading', { name: 'Contacts', level: 1 }));
      await visible(page.getByTestId('stat-active').getByRole('status', { name: 'Loading' }));
      releaseContacts();
      await visible(page.getByRole('alert').getByText('Failed to fetch contacts', { exact: true }));
      equal(await page.getByTestId('stat-active').textContent(), '—', 'active stat when not fetched');
      await t.shot(page, 'contacts-not-fetched');
      failContacts = false;
      await page.getByRole('button', { name: 'Try again', exact: true }).click();
      await eventually(() => page.getByTestId('stat-active').textContent(), '7', 'active stat');
      await page.unroute('**/api/contacts?*');
      equal(await page.getByTestId('stat-suppressed').textContent(), '0', 'suppressed stat');
      await visible(page.getByText('7 contacts', { exact: true }));
      await t.shot(page, 'contacts-page');

      // Sorting: newest first by default (the last CSV row), then oldest first.
      const firstEmail = () =>
        page
          .getByRole('table', { name: 'Contacts' })
          .getByRole('row')
          .nth(1)
          .locator('td')
          .nth(1)
          .locator('button > span')
          .nth(1)
          .textContent();
      await eventually(firstEmail, 'NOBODY@ACME.EXAMPLE', 'newest contact first');
      await page.getByRole('button', { name: /^Created/ }).click();
      await eventually(firstEmail, 'ada@engines.example', 'oldest contact first after toggling');

      // Edit: suppress Grace; the edit form's rule first.
      await page.getByRole('button', { name: 'Actions for grace@navy.example' }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Email', { exact: true }).fill('');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await visible(dialog.getByText('Email address is required', { exact: true }));
      await dialog.getByLabel('Email', { exact: true }).fill('grace.hopper@navy.example');
      await dialog.getByLabel('Suppressed (never emailed)').check();
      await t.shot(page, 'contact-edit');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await toast(page, 'Contact updated successfully');
      await eventually(
        () => page.getByTestId('stat-suppressed').textContent(),
        '1',
        'suppressed stat after edit',
      );

      // Unsubscribe Ada by hand: the dialog then says the user did it, and unticking the box undoes it.
      const editAda = async () => {
        await page.getByRole('button', { name: 'Actions for ada@engines.example' }).click();
        await page.getByRole('menuitem', { name: 'Edit' }).click();
      };
      const unsubscribedStat = () => page.getByTestId('stat-unsubscribed').textContent();
      await editAda();
      await dialog.getByLabel('Unsubscribed', { exact: true }).check();
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await eventually(unsubscribedStat, '1', 'unsubscribed stat after unsubscribing by hand');
      await editAda();
      await visible(dialog.getByText(/^Unsubscribed by you in the app on .+; untick the box to undo it\.$/));
      await t.shot(page, 'contact-edit-unsubscribed-by-you');
      await dialog.getByLabel('Unsubscribed', { exact: true }).uncheck();
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await eventually(unsubscribedStat, '0', 'unsubscribed stat after undoing it');

      // Filters: status, then industry.
      await pick(page, 'Status', 'Suppressed');
      await visible(page.getByText('1 contact', { exact: true }));
      await visible(rowFor(page, 'grace.hopper@navy.example').getByText('Suppressed', { exact: true }));
      await t.shot(page, 'contacts-filtered-suppressed');
      await pick(page, 'Status', 'All');
      await pick(page, 'Industry', 'Computing');
      await visible(page.getByText('2 contacts', { exact: true }));
      await hidden(rowFor(page, 'linus@kernel.example'));
      await pick(page, 'Industry', 'All industries');

      // Add to Sequence: the user has none yet.
      await page.getByRole('button', { name: 'Actions for linus@kernel.example' }).click();
      await page.getByRole('menuitem', { name: 'Add to Sequence' }).click();
      await visible(page.getByRole('dialog').getByText('No sequences yet'));
      await t.shot(page, 'add-to-sequence-empty');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      // Delete a contact.
      await page.getByRole('button', { name: 'Actions for linus@kernel.example' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Contact' }).click();
      await toast(page, 'Contact deleted successfully');
      await hidden(rowFor(page, 'linus@kernel.example'));

      // Edit, then delete the list: its contacts stay.
      await page.goto(listPath);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByRole('dialog').getByLabel('Location', { exact: true }).fill('Munich');
      await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
      await toast(page, 'Email list updated successfully');
      await visible(page.getByText('CTO · Software · Munich'));
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await visible(page.getByRole('alertdialog').getByText('will not be deleted', { exact: false }));
      // The toast of the edit is closed as the dialog opens: on a phone it would lie over the title.
      await hidden(page.getByText('Email list updated successfully', { exact: true }), 1_500);
      await t.shot(page, 'email-list-delete-confirm');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Email List' }).click();
      await toast(page, 'Email list deleted successfully');
      await atPath(page, '/personas');
      await page.goto('/contacts');
      await eventually(
        () => page.getByTestId('stat-active').textContent(),
        '5',
        'contacts kept after deleting the list',
      );
    },
  },
];
