// Campaigns that run themselves (decision 026), on the real clock: three send steps added in order are
// named as never reached until "Connect in order"; the never-launched sequence starts with Activate through
// the launch review (its estimate shown), and a contact added to its list afterwards is enrolled by the
// worker within its minute, without another launch.
import { eventually, hidden, ok, toast, visible } from '../lib/expect.mjs';
import { connectSandboxMailbox } from '../lib/ui.mjs';

const NAME = 'Q4 CTO outreach';

async function post(context, path, data, status = 201) {
  const response = await context.request.post(path, { data });
  ok(response.status() === status, `POST ${path} (${response.status()}) ${await response.text()}`);
  return response.json();
}

const contact = (n, personaId) => ({
  email: `lead${n}.campaign@acme-example.com`,
  firstName: `Lead${n}`,
  personaId,
  metadata: { source: 'manual' },
});

export default [
  {
    name: 'campaigns: unreached steps, connect in order, one way to start, new list members enrolled',
    // Waits for the worker's next minute round.
    waitsOnClock: true,
    timeoutMs: 200_000,
    async run(t) {
      const user = t.newUser('campaigns');
      const { context, page } = await t.open();
      await t.register(context, user);
      await connectSandboxMailbox(page);

      const list = await post(context, '/api/personas', {
        name: 'CTOs',
        industry: 'Software',
        jobTitle: 'CTO',
        location: 'Berlin',
      });
      for (const n of [1, 2]) await post(context, '/api/contacts', contact(n, list.id));
      const template = await post(context, '/api/templates', {
        name: 'Intro',
        subject: 'A quick question, {{first_name}}',
        htmlBody: '<p>Hi {{first_name}}</p>',
      });
      const sequence = await post(context, '/api/sequences', { name: NAME, timezone: 'UTC' });
      await post(context, `/api/sequences/${sequence.id}/add-email-list`, { personaId: list.id }, 200);
      for (const n of [1, 2, 3]) {
        await post(context, `/api/sequences/${sequence.id}/steps`, {
          stepType: 'send_email',
          name: `Email ${n}`,
          templateId: template.id,
          delayDays: 1,
          sendHour: 9,
          sendMinute: 0,
        });
      }

      // Steps 2 and 3 are never reached: the page names them; Connect in order links them.
      await page.goto(`/sequences/${sequence.id}`);
      const banner = page.getByTestId('unreachable-steps-banner');
      await visible(banner.getByText('2 steps are never reached: "Email 2", "Email 3"'));
      await banner.scrollIntoViewIfNeeded();
      await t.shot(page, 'campaigns-unreached-steps');
      await banner.getByRole('button', { name: 'Connect in order' }).click();
      await toast(page, 'Steps connected in order');
      await hidden(banner);

      // One way to start: Activate on a never-launched sequence with a list opens the launch review.
      await page.getByRole('button', { name: 'Activate Sequence' }).click();
      const review = page.getByRole('alertdialog', { name: `Launch "${NAME}"?` });
      await visible(
        review.getByTestId('launch-estimate').getByText(/^2 first emails from 1 mailbox at \d+ a day/),
      );
      await t.shot(page, 'campaigns-launch-review');
      await review.getByRole('button', { name: 'Launch', exact: true }).click();
      await toast(page, 'Sequence launched successfully! Contacts are being enrolled and emails scheduled.');

      // A new lead joins the list: the worker enrols it within its minute, nobody launches again.
      await post(context, '/api/contacts', contact(3, list.id));
      const enrolled = async () => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const response = await context.request.get(`/api/sequences/${sequence.id}`);
        return (await response.json()).totalContacts;
      };
      await eventually(enrolled, 3, 'contacts enrolled in the running sequence', 150_000);
      await page.goto('/sequences');
      await visible(
        page.getByRole('article', { name: `Sequence ${NAME}` }).getByText('3 enrolled · 3 active'),
      );
      await t.shot(page, 'campaigns-enrolled');

      // Launched, the sequence has no second start button; with automatic enrolment off, new list members
      // are enrolled by hand, through the same review.
      await page.goto(`/sequences/${sequence.id}`);
      ok((await page.getByRole('button', { name: 'Launch', exact: true }).count()) === 0, 'no Launch button');
      ok(
        (await page.getByRole('button', { name: 'Enrol new list members' }).count()) === 0,
        'enrols by itself',
      );
      await page.getByLabel('Enrol new contacts of its lists automatically').uncheck();
      await page.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await toast(page, 'Sequence updated successfully');
      await post(context, '/api/contacts', contact(4, list.id));
      await page.getByRole('button', { name: 'Enrol new list members' }).click();
      const enrol = page.getByRole('alertdialog', { name: `Enrol new list members in "${NAME}"?` });
      await visible(enrol.getByTestId('launch-preview').getByText('1 contact', { exact: true }));
      await t.shot(page, 'campaigns-enrol-new-members');
      await enrol.getByRole('button', { name: 'Enrol', exact: true }).click();
      await toast(page, 'Sequence launched successfully! Contacts are being enrolled and emails scheduled.');
      await eventually(enrolled, 4, 'the new member enrolled by hand', 30_000);
    },
  },
];
