// The sending engine end to end (decisions 011 and 012), on the real clock: a new user connects a sandbox
// mailbox with no gaps between sends, builds a two-step sequence (step 2 reached when step 1 is opened and
// not answered, with a 1-minute reaction window), launches it, sees step 1 arrive in the Sandbox Inbox for
// both contacts, opens one and answers the other there, and then sees Reply, Open and the opened
// contact's follow-up on the Email Sending page and in the sequence's analytics.
import { atPath, eventually, hidden, ok, toast, visible } from '../lib/expect.mjs';
import {
  choose,
  emailSendingRows,
  everySecond,
  figure,
  sandboxMessages,
  sendFromNextMinute,
  sendTimes,
  sleep,
  statusOf,
} from '../lib/sending.mjs';
import { emailListWith, launchAtNextMinute, oneStepSequence, postJson } from '../lib/sequence-reply.mjs';
import { connectSandboxMailbox, removeSendingGaps } from '../lib/ui.mjs';

const MAILBOX = 'alex.morgan.sandbox@gmail.com';
const ZONE = 'America/New_York';
const LIST = { Name: 'Launch prospects', Industry: 'Software', 'Job Title': 'CTO', Location: 'Boston' };
const CONTACTS = [
  { email: 'ada.engine@example.com', firstName: 'Ada', lastName: 'Lovelace' },
  { email: 'grace.engine@example.com', firstName: 'Grace', lastName: 'Hopper' },
];
const [OPENER, REPLIER] = CONTACTS;
const subjectFor = (contact) => `Quick question, ${contact.firstName}`;
/** Scanners fetch images on delivery: an open sooner than this after sending is not counted. */
const HUMAN_OPEN_DELAY_MS = 6_000;
/** The longest wait on the engine: step 1's send minute (up to two away), or the reaction window plus a round. */
const ENGINE_WAIT_MS = 150_000;

const dialog = (page, name) => page.getByRole('dialog', { name, exact: true });
const stepCard = (page, order) =>
  page.getByRole('article', { name: `Step ${order}: Step ${order}`, exact: true });

/** Writes a template in the step form's nested dialog. */
async function createTemplate(page, form, { name, subject, body }) {
  await form.getByRole('button', { name: 'Create New Template' }).click();
  const editor = dialog(page, 'Create Template');
  await editor.getByLabel('Template Name', { exact: true }).fill(name);
  await editor.getByLabel('Subject', { exact: true }).fill(subject);
  await editor.getByRole('textbox', { name: 'HTML Body' }).click();
  await page.keyboard.type(body);
  await editor.getByRole('button', { name: 'Create Template', exact: true }).click();
  await toast(page, 'Template created and selected');
  await hidden(editor);
}

/** A message of the Sandbox Inbox's list, chosen by recipient and subject. */
const inboxEntry = (page, contact, subject) =>
  page
    .getByRole('list', { name: 'Sent messages' })
    .getByRole('button')
    .filter({ hasText: contact.email })
    .filter({ has: page.getByText(subject, { exact: true }) });

export default [
  {
    name: 'engine: launch a two-step sequence, open and reply in the sandbox, branches and statuses',
    // The flow waits on the real clock: a send minute, a 1-minute reaction window and the engine's rounds.
    waitsOnClock: true,
    timeoutMs: 300_000,
    async run(t) {
      const user = t.newUser('engine');
      const { context, page } = await t.open();
      await t.register(context, user);

      // A sandbox mailbox with no gap between sends.
      await connectSandboxMailbox(page);
      await removeSendingGaps(page, MAILBOX);

      // An email list with two contacts.
      await page.goto('/personas');
      await page.getByRole('button', { name: 'Create Email List' }).first().click();
      for (const [label, value] of Object.entries(LIST)) {
        await page.getByRole('dialog').getByLabel(label, { exact: true }).fill(value);
      }
      await page.getByRole('dialog').getByRole('button', { name: 'Create Email List' }).click();
      await toast(page, 'Email list created successfully');
      await atPath(page, (path) => /^\/personas\/[0-9a-f-]{36}$/.test(path));
      const listId = new URL(page.url()).pathname.split('/').pop();
      for (const contact of CONTACTS) {
        const response = await context.request.post('/api/contacts', {
          data: { ...contact, personaId: listId, metadata: { source: 'manual' } },
        });
        ok(response.status() === 201, `contact ${contact.email} created (${response.status()})`);
      }

      // The sequence, its list, and step 1 with a 1-minute reaction window.
      await page.goto('/sequences');
      await page.getByRole('button', { name: 'Create Your First Sequence' }).click();
      const create = dialog(page, 'Create Sequence');
      await create.getByLabel('Sequence Name').fill('Engine launch');
      await choose(page, create, 'Timezone', ZONE);
      await create.getByRole('button', { name: 'Create Sequence', exact: true }).click();
      await toast(page, 'Sequence created successfully');
      await atPath(page, (path) => /^\/sequences\/[0-9a-f-]{36}$/.test(path));
      const detailPath = new URL(page.url()).pathname;
      await choose(page, page, 'Add an email list', `${LIST.Name} (2 contacts)`);
      await page.getByRole('button', { name: 'Add Email List', exact: true }).click();
      await visible(page.getByRole('list', { name: 'Linked email lists' }).getByText(LIST.Name));

      await page.getByRole('button', { name: 'Add Step', exact: true }).first().click();
      await dialog(page, 'Add Step')
        .getByRole('button', { name: /^Send Email/ })
        .click();
      let form = dialog(page, 'Add Step: Send Email');
      await createTemplate(page, form, {
        name: 'Intro',
        subject: 'Quick question, {{first_name}}',
        body: '<p>Hi {{first_name}}, could we talk this week?</p>',
      });
      // Its send time is set just before launching; a delay of a day keeps the form's future-time rule quiet.
      await form.getByLabel('Delay (days)').fill('1');
      await form.getByLabel('Hours').fill('0');
      await form.getByLabel('Minutes').fill('1');
      await form.getByRole('button', { name: 'Add Step', exact: true }).click();
      await toast(page, 'Step created successfully');
      await hidden(form);

      // Step 1 sends today at the coming minute; opened with no reply goes to a new step 2 two minutes later.
      const times = sendTimes(ZONE);
      const first = stepCard(page, 1);
      await first.getByRole('button', { name: 'Edit' }).click();
      await first.getByLabel('Delay (days)').fill('0');
      await first.getByLabel(`Send Time (${ZONE})`).fill(times.first);
      await first
        .getByRole('group', { name: 'Opened, no reply' })
        .getByRole('button', { name: 'Create New Step' })
        .click();
      await dialog(page, 'Add Step')
        .getByRole('button', { name: /^Send Email/ })
        .click();
      form = dialog(page, 'Add Step: Send Email');
      await createTemplate(page, form, {
        name: 'Follow-up',
        subject: 'Following up',
        body: '<p>Hi {{first_name}}, just following up on my note.</p>',
      });
      // Step 1's open editor has a time box with the same id, so its label names that one: go by type.
      await form.locator('input[type="time"]').fill(times.followUp);
      await form.getByRole('button', { name: 'Add Step', exact: true }).click();
      await toast(page, 'Step created successfully');
      await hidden(form);
      await visible(first.getByRole('group', { name: 'Opened, no reply' }).getByText('2. Step 2'));
      await t.shot(page, 'engine-step-reactions');
      await first.getByRole('button', { name: 'Save', exact: true }).click();
      await toast(page, 'Step updated successfully');

      await sendFromNextMinute(context, detailPath.split('/').pop());
      await page.getByRole('button', { name: 'Activate Sequence' }).click();
      const confirm = page.getByRole('alertdialog');
      await visible(confirm.getByTestId('launch-preview').getByText('2 contacts', { exact: true }));
      await confirm.getByRole('button', { name: 'Launch', exact: true }).click();
      await toast(page, 'Sequence launched successfully! Contacts are being enrolled and emails scheduled.');
      await visible(page.locator('header').getByText('running', { exact: true }));

      // Both step 1 emails are scheduled for the coming minute, then arrive in the Sandbox Inbox.
      await page.goto('/campaign-builder/email-sending');
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Scheduled', exact: true }).click();
      for (const contact of CONTACTS) {
        await visible(page.getByRole('row').filter({ hasText: contact.email }).getByText('Scheduled'));
      }
      await t.shot(page, 'engine-email-sending-scheduled');

      await page.goto('/sandbox/inbox');
      await eventually(
        everySecond(async () => {
          const messages = await sandboxMessages(context);
          return CONTACTS.map((c) =>
            messages.some((m) => m.to.includes(c.email) && m.subject === subjectFor(c)),
          );
        }),
        [true, true],
        'step 1 in the Sandbox Inbox for both contacts',
        ENGINE_WAIT_MS,
      );
      await page.reload();
      for (const contact of CONTACTS) await visible(inboxEntry(page, contact, subjectFor(contact)));
      const sentAt = Math.max(
        ...(await sandboxMessages(context)).map((m) => new Date(m.sentAt).getTime()).filter(Number.isFinite),
      );
      await sleep(Math.max(0, sentAt + HUMAN_OPEN_DELAY_MS - Date.now()));

      // One contact opens the email, the other answers it.
      const message = page.getByLabel('Message');
      await inboxEntry(page, OPENER, subjectFor(OPENER)).click();
      await visible(message.getByText(OPENER.email, { exact: false }));
      await message.getByRole('button', { name: 'Open', exact: true }).click();
      await toast(page, 'Open Simulated');
      await visible(message.getByText('Opened', { exact: true }));
      await inboxEntry(page, REPLIER, subjectFor(REPLIER)).click();
      await visible(message.getByText(REPLIER.email, { exact: false }));
      await message.getByRole('button', { name: 'Reply', exact: true }).click();
      await dialog(page, 'Simulate a Reply').getByRole('button', { name: 'Send Reply', exact: true }).click();
      await toast(page, 'Reply Simulated');
      await visible(message.getByText('Replied', { exact: true }));
      await t.shot(page, 'engine-sandbox-inbox-open-reply');

      // Email Sending: the answered email is Reply (once the mailbox is polled), the opened one Open.
      await page.goto('/campaign-builder/email-sending');
      await eventually(
        everySecond(async () => {
          const rows = await emailSendingRows(page);
          return [statusOf(rows, REPLIER, subjectFor(REPLIER)), statusOf(rows, OPENER, subjectFor(OPENER))];
        }),
        ['Reply', 'Open'],
        'statuses of step 1 after the reply and the open',
        30_000,
      );
      await t.shot(page, 'engine-email-sending-reply-open');

      // After the reaction window, the opened contact takes the opened-no-reply branch: step 2, in the same
      // thread, goes out two minutes after step 1; the contact who answered gets nothing more.
      const followUp = `Re: ${subjectFor(OPENER)}`;
      await eventually(
        everySecond(async () => {
          const messages = await sandboxMessages(context);
          return CONTACTS.map((c) => messages.filter((m) => m.to.includes(c.email)).length);
        }),
        [2, 1],
        'emails per contact after the reaction window',
        ENGINE_WAIT_MS,
      );
      await eventually(
        everySecond(async () => {
          const rows = await emailSendingRows(page);
          return {
            opener: [statusOf(rows, OPENER, subjectFor(OPENER)), statusOf(rows, OPENER, followUp)],
            replier: rows.filter((row) => row.to === REPLIER.email).map((row) => row.status),
          };
        }),
        { opener: ['Open', 'Not Open'], replier: ['Reply'] },
        'Email Sending rows after the branch',
        30_000,
      );
      await t.shot(page, 'engine-email-sending-branches');
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Reply', exact: true }).click();
      await eventually(
        async () => (await page.locator('tbody tr').allTextContents()).length,
        1,
        'rows under the Reply filter',
      );
      await visible(page.getByRole('row').filter({ hasText: REPLIER.email }));

      await page.goto('/sandbox/inbox');
      await visible(inboxEntry(page, OPENER, followUp));
      await inboxEntry(page, OPENER, followUp).click();
      await visible(page.getByLabel('Message').getByText('In-Reply-To', { exact: true }));
      await t.shot(page, 'engine-sandbox-inbox-follow-up');

      // The sequence's analytics: two enrolled, one replied (stopped), one active on step 2.
      await page.goto(detailPath);
      const analytics = page.getByTestId('sequence-analytics');
      const enrolments = analytics.getByLabel('Enrolments');
      await visible(enrolments);
      const cards = async () => ({
        enrolled: await figure(enrolments, 'Enrolled'),
        active: await figure(enrolments, 'Active'),
        completed: await figure(enrolments, 'Completed'),
        replied: await figure(enrolments, 'Ended by reply'),
      });
      await eventually(
        cards,
        { enrolled: '2', active: '1', completed: '0', replied: '1' },
        'enrolment counts',
        10_000,
      );
      const stepOne = analytics.getByRole('listitem', { name: 'Step 1', exact: true });
      const stepTwo = analytics.getByRole('listitem', { name: 'Step 2', exact: true });
      const stages = async (step) => [
        await figure(step, 'Sent'),
        await figure(step, 'Opened'),
        await figure(step, 'Replied'),
      ];
      // The reply counts as an open though its pixel never loaded.
      await eventually(() => stages(stepOne), ['2', '2 (100%)', '1 (50%)'], 'step 1 funnel', 10_000);
      await eventually(() => stages(stepTwo), ['1', '0 (0%)', '0 (0%)'], 'step 2 funnel', 10_000);
      // Two contacts got the three emails; each counts once on the top cards.
      const top = analytics.getByLabel('Contacts emailed');
      const topCards = async () => [
        await figure(top, 'Sent'),
        await figure(top, 'Opened'),
        await figure(top, 'Replied'),
      ];
      await eventually(topCards, ['2', '2', '1'], 'contacts emailed', 10_000);
      await enrolments.scrollIntoViewIfNeeded();
      await t.shot(page, 'engine-sequence-analytics-cards');
      await analytics.scrollIntoViewIfNeeded();
      await t.shot(page, 'engine-sequence-analytics');
    },
  },
  {
    name: "engine: an edit of a live step's subject reaches its queued email",
    async run(t) {
      const user = t.newUser('live-edit');
      const { context, page } = await t.open();
      await t.register(context, user);
      await connectSandboxMailbox(page);
      const contact = { email: 'lin.live@example.com', firstName: 'Lin', lastName: 'Wu' };
      const list = await emailListWith(context, 'Live edit prospects', [contact]);
      const template = await postJson(context, '/api/templates', {
        name: 'Live intro',
        subject: 'Old subject, {{first_name}}',
        htmlBody: '<p>Hi {{first_name}}, a question.</p>',
      });
      const sequence = await oneStepSequence(context, {
        name: 'Live edit',
        personaId: list.id,
        templateId: template.id,
      });
      await launchAtNextMinute(context, sequence.id);
      // Paused while the template is edited, so the edit never races the send minute; its email stays queued.
      await postJson(context, `/api/sequences/${sequence.id}/pause`, {}, 200);

      await page.goto('/campaign-builder/email-sending#templates');
      await page
        .getByRole('article', { name: 'Live intro', exact: true })
        .getByRole('button', { name: 'Edit', exact: true })
        .click();
      const editor = dialog(page, 'Edit Template');
      await visible(editor.getByText('This change reaches 1 queued email', { exact: true }));
      await editor.getByLabel('Subject', { exact: true }).fill('New subject, {{first_name}}');
      await t.shot(page, 'engine-live-template-edit');
      await editor.getByRole('button', { name: 'Save Changes', exact: true }).click();
      await toast(page, 'Template updated successfully');
      await postJson(context, `/api/sequences/${sequence.id}/activate`, {}, 200);

      await eventually(
        everySecond(async () => {
          const sent = (await sandboxMessages(context)).filter((m) => m.to.includes(contact.email));
          return sent.map((m) => m.subject);
        }),
        ['New subject, Lin'],
        'the queued email went out with the edited subject',
        ENGINE_WAIT_MS,
      );
    },
  },
];
