// Sending at each recipient's local time (decision 027): contacts with a zone given, told by their city, or
// unknown; a sequence with local time on; the launch says who gets local time; Email Sending shows each
// email's time where its recipient is beside the user's own; the sequence page shows the next 24 hours.
import { eventually, ok, toast, visible } from '../lib/expect.mjs';
import { connectSandboxMailbox } from '../lib/ui.mjs';

async function api(page, method, url, data) {
  const response = await page.request.fetch(url, { method, data });
  ok(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`);
  return response.json();
}

export default [
  {
    name: "time zones: contacts' zones, a sequence at local time, the launch and Email Sending",
    async run(t) {
      const user = t.newUser('zones');
      const { context, page } = await t.open();
      await t.register(context, user);
      await connectSandboxMailbox(page);

      const list = await api(page, 'POST', '/api/personas', {
        name: 'Three cities',
        industry: 'Software',
        jobTitle: 'CTO',
        location: 'World',
      });
      const people = [
        { email: 'kenji@example.com', firstName: 'Kenji', city: 'Osaka', country: 'Japan' },
        { email: 'claire@example.com', firstName: 'Claire', city: 'Paris', country: 'France' },
        { email: 'sam@example.com', firstName: 'Sam', country: 'United States' },
      ];
      for (const person of people)
        await api(page, 'POST', '/api/contacts', { ...person, personaId: list.id });

      // The contacts page tells each zone and its source; a zone typed in the dialog is kept as given.
      await page.goto('/contacts');
      await visible(page.getByText('Asia/Tokyo, from city', { exact: true }));
      await visible(page.getByText('Europe/Paris, from city', { exact: true }));
      await page.getByRole('button', { name: 'Actions for sam@example.com', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Contact' });
      await visible(dialog.getByText(/Time zone not known/));
      await dialog.getByLabel('Time zone', { exact: true }).fill('America/Chicago');
      await dialog.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await toast(page, 'Contact updated successfully');
      await visible(page.getByText('America/Chicago', { exact: true }));
      await t.shot(page, 'contacts-time-zones');

      const template = await api(page, 'POST', '/api/templates', {
        name: 'Local morning',
        subject: 'Morning, {{first_name}}',
        htmlBody: '<p>Hi {{first_name}}, {{unsubscribe_url}}</p>',
      });
      const sequence = await api(page, 'POST', '/api/sequences', {
        name: 'Around the world',
        timezone: 'UTC',
      });
      await api(page, 'POST', `/api/sequences/${sequence.id}/steps`, {
        name: 'Hello',
        templateId: template.id,
        delayDays: 1,
        sendHour: 9,
        sendMinute: 0,
      });
      await api(page, 'POST', `/api/sequences/${sequence.id}/add-email-list`, { personaId: list.id });

      // The switch on the sequence page, saved; the launch counts who gets local time.
      await page.goto(`/sequences/${sequence.id}`);
      const localTime = page.getByLabel("Send at each recipient's local time", { exact: true });
      await localTime.check();
      await page.getByRole('button', { name: 'Save as Draft', exact: true }).click();
      await toast(page, 'Sequence updated successfully');
      await page.getByRole('button', { name: 'Activate Sequence' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Launch "Around the world"?' });
      await eventually(
        () => confirm.getByTestId('launch-local-time').textContent(),
        "3 contacts will get each email at the step's time in their own time zone.",
        'the local-time line',
        15_000,
      );
      await t.shot(page, 'launch-local-time');
      await confirm.getByRole('button', { name: 'Launch', exact: true }).click();

      // Email Sending: each email's time where its recipient is, beside the user's own.
      await page.goto('/campaign-builder/email-sending');
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Scheduled', exact: true }).click();
      await visible(page.getByText(/09:00 Asia\/Tokyo · \d\d:\d\d your time/));
      await visible(page.getByText(/09:00 Europe\/Paris · \d\d:\d\d your time/));
      await visible(page.getByText(/09:00 America\/Chicago · \d\d:\d\d your time/));
      await t.shot(page, 'email-sending-recipient-time');
    },
  },
];
