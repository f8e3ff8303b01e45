// Personalisation (decision 025): a CSV with an icebreaker column imported as a custom field, {{icebreaker}}
// and {{company}} in a template, the launch dialog's variable check naming the contact without a company,
// the step previewed as two contacts (arrow key to the next), and a launch without that contact. The
// Contacts table shows the icebreaker as a column (kept after a reload), and Email Sending says who the
// launch left out and why.
import { atPath, hidden, ok, toast, visible } from '../lib/expect.mjs';
import { connectSandboxMailbox } from '../lib/ui.mjs';

const CSV = [
  'Email,First Name,Company,Icebreaker',
  'ada.icebreaker@example.com,Ada,Analytical Engines,Your notes on Bernoulli numbers',
  'grace.icebreaker@example.com,Grace,Navy Labs,Your COBOL talk',
  'linus.icebreaker@example.com,Linus,,Your kernel mail',
].join('\n');

const dialog = (page, name) => page.getByRole('dialog', { name, exact: true });

export default [
  {
    name: 'personalisation: a CSV icebreaker column in a template, the launch check, preview as two contacts',
    timeoutMs: 150_000,
    async run(t) {
      const user = t.newUser('personalise');
      const { context, page } = await t.open();
      await t.register(context, user);
      await connectSandboxMailbox(page);

      // An email list, filled from a CSV whose Icebreaker column becomes a custom field.
      const list = await context.request.post('/api/personas', {
        data: { name: 'Icebreakers', industry: 'Software', jobTitle: 'CTO', location: 'London' },
      });
      ok(list.status() === 201, `list created (${list.status()})`);
      const listId = (await list.json()).id;
      await page.goto(`/personas/${listId}`);
      await page.getByRole('button', { name: 'Import CSV' }).first().click();
      const importer = dialog(page, 'Import Contacts from CSV');
      await page.getByTestId('csv-file-input').setInputFiles({
        name: 'icebreakers.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(CSV),
      });
      await visible(importer.getByText('custom field', { exact: false }));
      await visible(
        importer.getByRole('checkbox', { name: /"Icebreaker" → custom field \{\{icebreaker\}\}/ }),
      );
      await t.shot(page, 'personalisation-csv-custom-field');
      await importer.getByRole('button', { name: 'Import 3 Contacts' }).click();
      await visible(importer.getByText('Successfully imported 3 contacts', { exact: false }));
      await importer.getByRole('button', { name: 'Done' }).click();
      await hidden(importer);

      // The Contacts table shows the custom field as a column, chosen under Columns and kept after a reload.
      await page.goto('/contacts');
      const table = page.getByRole('table', { name: 'Contacts' });
      await visible(table.getByText('ada.icebreaker@example.com'));
      await page.getByRole('button', { name: 'Columns' }).click();
      await page.getByRole('menuitemcheckbox', { name: 'icebreaker' }).click();
      await t.shot(page, 'personalisation-columns-menu');
      await page.keyboard.press('Escape');
      await visible(table.getByRole('columnheader', { name: 'icebreaker' }));
      await visible(table.getByRole('row', { name: /grace\.icebreaker/ }).getByText('Your COBOL talk'));
      await page.reload();
      await visible(table.getByRole('row', { name: /linus\.icebreaker/ }).getByText('Your kernel mail'));
      await t.shot(page, 'personalisation-contacts-custom-column');

      // A template with {{company}} and {{icebreaker}}, a sequence of one step over the list.
      const template = await context.request.post('/api/templates', {
        data: {
          name: 'Icebreaker intro',
          subject: '{{random|Hi|Hello}} {{first_name}}, on-call at {{company}}?',
          htmlBody: '<p>{{icebreaker}} made me think of {{company}}.</p>',
        },
      });
      ok(template.status() === 201, `template created (${template.status()})`);
      const sequence = await context.request.post('/api/sequences', {
        data: { name: 'Icebreaker sequence' },
      });
      const sequenceId = (await sequence.json()).id;
      await context.request.post(`/api/sequences/${sequenceId}/add-email-list`, {
        data: { personaId: listId },
      });
      const step = await context.request.post(`/api/sequences/${sequenceId}/steps`, {
        data: { name: 'Intro', templateId: (await template.json()).id, delayDays: 1 },
      });
      ok(step.status() === 201, `step created (${step.status()})`);

      // Preview the step as the first contact, then the second with the right arrow key.
      await page.goto(`/sequences/${sequenceId}`);
      await atPath(page, (path) => path === `/sequences/${sequenceId}`);
      await page.getByRole('button', { name: 'Preview as contact' }).click();
      const preview = dialog(page, 'Preview "Intro" as a contact');
      await visible(
        preview
          .getByTestId('preview-as-contact-subject')
          .getByText(/^(Hi|Hello) Ada, on-call at Analytical Engines\?$/),
      );
      await visible(
        page
          .frameLocator('iframe[title="Email as the contact receives it"]')
          .getByText('Your notes on Bernoulli numbers made me think of Analytical Engines.'),
      );
      await t.shot(page, 'personalisation-preview-ada');
      await page.keyboard.press('ArrowRight');
      await visible(
        preview
          .getByTestId('preview-as-contact-subject')
          .getByText(/^(Hi|Hello) Grace, on-call at Navy Labs\?$/),
      );
      await t.shot(page, 'personalisation-preview-grace');
      await page.keyboard.press('Escape');
      await hidden(preview);

      // The launch dialog names the contact without a company; launching without them enrols the other two.
      await page.getByRole('button', { name: 'Activate Sequence' }).click();
      const launch = page.getByRole('alertdialog').or(page.getByRole('dialog')).first();
      await visible(launch.getByText('1 contact has no {{company}}'));
      await t.shot(page, 'personalisation-launch-review');
      await launch.getByRole('checkbox', { name: 'Launch without those contacts' }).click();
      await launch.getByRole('button', { name: 'Launch', exact: true }).click();
      await toast(page, 'Sequence launched successfully! Contacts are being enrolled and emails scheduled.');
      const notice = page.getByTestId('skipped-contacts-notice');
      await visible(notice.getByText('1 contact was not enrolled: no value for {{company}}'));

      // Email Sending says who the launch left out and why, and shows who on "See who".
      await page.goto('/campaign-builder/email-sending');
      const sending = page.getByTestId('skipped-contacts-notice');
      await visible(sending.getByText('Icebreaker sequence'));
      await visible(sending.getByText('1 contact was not enrolled: no value for {{company}}'));
      await t.shot(page, 'personalisation-email-sending-skipped');
      await sending.getByRole('button', { name: 'See who' }).click();
      const who = dialog(page, 'Contacts not enrolled');
      await visible(who.getByText('linus.icebreaker@example.com'));
      await visible(who.getByText('no value for {{company}}'));
      await t.shot(page, 'personalisation-skipped-contacts-dialog');

      // The contact is edited from there; "Enrol skipped contacts" enrols them and the notice goes.
      await who.getByRole('button', { name: 'Edit linus.icebreaker@example.com' }).click();
      const edit = dialog(page, 'Edit Contact');
      await edit.getByLabel('Organization').fill('Penguin Labs');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await hidden(edit);
      await who.getByRole('button', { name: 'Close' }).click();
      await hidden(who);
      await sending.getByRole('link', { name: 'Open sequence' }).click();
      await atPath(page, (path) => path === `/sequences/${sequenceId}`);
      await visible(page.getByTestId('skipped-contacts-notice'));
      await t.shot(page, 'personalisation-sequence-skipped');
      await page.getByRole('button', { name: 'Enrol skipped contacts', exact: true }).click();
      const again = page.getByRole('alertdialog').or(page.getByRole('dialog')).first();
      await again.getByRole('button', { name: 'Enrol', exact: true }).click();
      await toast(page, 'Sequence launched successfully! Contacts are being enrolled and emails scheduled.');
      await hidden(page.getByTestId('skipped-contacts-notice'));
    },
  },
];
