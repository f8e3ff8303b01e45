// Click tracking on the real clock: a sequence's Track clicks switch (its deliverability note and the link to
// the tracking domain settings, and what turning opens off means), step 1 given a "Clicked (no reply)" branch
// to a follow-up, launched to one contact; the prospect follows the email's tracked link in a browser of
// their own and lands on the address as written; the email is then Clicked in Email Sending, a click in the
// contact's activity and in the step's analytics, and the clicked branch sends the follow-up.
// A second flow: a sequence that tracks no opens offers no opened branch and calls the other one "No reply".
import { atPath, eventually, hidden, ok, toast, visible } from '../lib/expect.mjs';
import { DESKTOP, shotAtBothWidths } from '../lib/screens.mjs';
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
import { emailListWith, postJson } from '../lib/sequence-reply.mjs';
import { connectSandboxMailbox, removeSendingGaps } from '../lib/ui.mjs';

const MAILBOX = 'alex.morgan.sandbox@gmail.com';
const ZONE = 'UTC';
const CONTACT = { email: 'lin.clicks@example.com', firstName: 'Lin', lastName: 'Chen' };
const SUBJECT = `A page for you, ${CONTACT.firstName}`;
/** A person's browser: Headless Chromium's own user agent is rightly taken for a robot. */
const PROSPECT_BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** Gateways follow links for tens of seconds after delivery: a click within 30 s of sending is not counted. */
const HUMAN_CLICK_DELAY_MS = 32_000;
const REACTION_WINDOW_MINUTES = 1;
/** The longest wait on the engine: step 1's send minute (up to two away), or the reaction window plus a round. */
const ENGINE_WAIT_MS = 170_000;
const OPENS_OFF_NOTE = 'Without it, steps offer no "Opened, no reply" branch';
const CLICKS_OFF_NOTE = 'This sequence does not track clicks';

const dialog = (page, name) => page.getByRole('dialog', { name, exact: true });
const stepCard = (page, order) =>
  page.getByRole('article', { name: `Step ${order}: Step ${order}`, exact: true });
const fact = (scope, label) =>
  scope.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
/** The chat panel takes the whole width of a phone: closed, so the screenshots show the pages. */
const closeChatPanel = (page) => page.evaluate(() => localStorage.setItem('chatWidgetOpen', 'false'));
const trackingSwitch = (page, name) => page.getByRole('switch', { name, exact: true });
/** The diagram's paths as its screen-reader list words them. */
const diagramPath = (page, text) => page.getByRole('figure').getByText(text, { exact: true });

/** The tracked link of a sent email's HTML (its href as the browser reads it: entities decoded). */
function trackedLink(html, baseURL) {
  const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replaceAll('&amp;', '&'));
  const link = hrefs.find((href) => href.startsWith(`${baseURL}/t/c/`));
  ok(link, `a tracked link among ${JSON.stringify(hrefs)}`);
  return link;
}

export default [
  {
    name: 'clicks: track clicks, branch on click, follow the tracked link, Clicked in Email Sending',
    // The flow waits on the real clock: a send minute, a reaction window and the engine's rounds.
    waitsOnClock: true,
    timeoutMs: 330_000,
    async run(t) {
      const user = t.newUser('clicks');
      const { context, page } = await t.open();
      await page.setViewportSize(DESKTOP);
      await t.register(context, user);
      await connectSandboxMailbox(page);
      await closeChatPanel(page);
      await removeSendingGaps(page, MAILBOX);

      // The address the email links to: the prospect must land on it exactly, query and fragment included.
      const landing = `${t.baseURL}/login?from=email&plan=team#pricing`;
      const list = await emailListWith(context, 'Click prospects', [CONTACT]);
      const intro = await postJson(context, '/api/templates', {
        name: 'Pricing',
        subject: 'A page for you, {{first_name}}',
        htmlBody: `<p>Hi {{first_name}}, here is <a href="${landing.replaceAll('&', '&amp;')}">our pricing</a>.</p>`,
      });
      await postJson(context, '/api/templates', {
        name: 'Clicked follow-up',
        subject: 'Any questions?',
        htmlBody: '<p>Hi {{first_name}}, any questions about the pricing?</p>',
      });
      const sequence = await postJson(context, '/api/sequences', { name: 'Click launch', timezone: ZONE });
      await postJson(context, `/api/sequences/${sequence.id}/add-email-list`, { personaId: list.id }, 200);
      // Its send time is set just before launching; a delay of a day keeps the form's future-time rule quiet.
      await postJson(context, `/api/sequences/${sequence.id}/steps`, {
        stepType: 'send_email',
        templateId: intro.id,
        delayDays: 1,
        sendHour: 9,
        sendMinute: 0,
        reactionWindowHours: 0,
        reactionWindowMinutes: REACTION_WINDOW_MINUTES,
      });

      // The sequence's settings: opens tracked and clicks not, by default; the note links to the settings.
      const detailPath = `/sequences/${sequence.id}`;
      await page.goto(detailPath);
      const tracking = page.getByRole('group', { name: 'Tracking', exact: true });
      await visible(tracking);
      ok(await trackingSwitch(page, 'Track opens').isChecked(), 'Track opens is on by default');
      ok(!(await trackingSwitch(page, 'Track clicks').isChecked()), 'Track clicks is off by default');
      await visible(tracking.getByText('Rewritten links can hurt deliverability', { exact: false }));
      await tracking.getByRole('link', { name: 'custom tracking domain', exact: true }).click();
      await atPath(page, '/settings');
      await visible(page.getByRole('tab', { name: 'Tracking domain', selected: true }));
      await page.goBack();
      await visible(tracking);

      // Turning opens off says what it does to the branches; it is turned on again.
      await trackingSwitch(page, 'Track opens').click();
      await visible(tracking.getByText(OPENS_OFF_NOTE, { exact: false }));
      await shotAtBothWidths(t, page, 'clicks-sequence-settings-opens-off', tracking);
      await trackingSwitch(page, 'Track opens').click();
      await hidden(tracking.getByText(OPENS_OFF_NOTE, { exact: false }));
      await trackingSwitch(page, 'Track clicks').press('Space');
      ok(await trackingSwitch(page, 'Track clicks').isChecked(), 'Track clicks is on after Space');
      await page.getByRole('button', { name: 'Save as Draft', exact: true }).click();
      await toast(page, 'Sequence updated successfully');
      await page.reload();
      await visible(tracking);
      ok(await trackingSwitch(page, 'Track clicks').isChecked(), 'Track clicks saved');
      ok(await trackingSwitch(page, 'Track opens').isChecked(), 'Track opens saved');
      await shotAtBothWidths(t, page, 'clicks-sequence-settings', tracking);

      // Step 1 sends at the coming minute; a click with no reply goes to a new step 2 after the window.
      const times = sendTimes(ZONE, (REACTION_WINDOW_MINUTES + 1) * 60_000);
      const first = stepCard(page, 1);
      await first.getByRole('button', { name: 'Edit' }).click();
      await first.getByLabel('Delay (days)').fill('0');
      await first.getByLabel(`Send Time (${ZONE})`).fill(times.first);
      const clicked = first.getByRole('group', { name: 'Clicked (no reply)', exact: true });
      await hidden(clicked);
      await first.getByRole('switch', { name: 'Branch on click', exact: true }).click();
      await hidden(first.getByText(CLICKS_OFF_NOTE, { exact: false }));
      await clicked.getByRole('button', { name: 'Create New Step' }).click();
      await dialog(page, 'Add Step')
        .getByRole('button', { name: /^Send Email/ })
        .click();
      const form = dialog(page, 'Add Step: Send Email');
      await choose(page, form, 'Email Template', 'Clicked follow-up · Any questions?');
      // Step 1's open editor has a time box with the same id, so its label names that one: go by type.
      await form.locator('input[type="time"]').fill(times.followUp);
      await form.getByRole('button', { name: 'Add Step', exact: true }).click();
      await toast(page, 'Step created successfully');
      await hidden(form);
      await visible(clicked.getByRole('combobox').getByText('2. Step 2'));
      await first.getByRole('button', { name: 'Save', exact: true }).click();
      await toast(page, 'Step updated successfully');
      await visible(fact(first, 'Clicked (no reply):').getByText('2. Step 2'));
      await visible(fact(first, 'Opened, no reply:').getByText('End sequence'));
      await visible(diagramPath(page, '1. Step 1: Clicked (no reply), then 2. Step 2'));

      await sendFromNextMinute(context, sequence.id);
      await page.getByRole('button', { name: 'Activate Sequence' }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByRole('button', { name: 'Launch', exact: true }).click();
      await toast(page, 'Sequence launched successfully! Contacts are being enrolled and emails scheduled.');

      // While step 1 waits for its minute: the editor with the clicked branch, as saved.
      await first.getByRole('button', { name: 'Edit' }).click();
      await visible(clicked.getByRole('combobox').getByText('2. Step 2'));
      await hidden(page.getByText('Sequence launched successfully!', { exact: false }));
      await shotAtBothWidths(t, page, 'clicks-step-editor', clicked);
      await first.getByRole('button', { name: 'Cancel', exact: true }).click();
      await visible(diagramPath(page, '1. Step 1: Clicked (no reply), then 2. Step 2'));

      // The email arrives with its link rewritten to the tracking address.
      let sent;
      await eventually(
        everySecond(async () => {
          sent = (await sandboxMessages(context)).find(
            (m) => m.to.includes(CONTACT.email) && m.subject === SUBJECT,
          );
          return Boolean(sent);
        }),
        true,
        'step 1 in the sandbox Gmail',
        ENGINE_WAIT_MS,
      );
      const link = trackedLink(sent.html ?? '', t.baseURL);
      ok(!sent.html.includes(`href="${t.baseURL}/login`), 'the original link is not left in the email');
      await sleep(Math.max(0, new Date(sent.sentAt).getTime() + HUMAN_CLICK_DELAY_MS - Date.now()));

      // The prospect follows it in a browser of their own and lands where the link pointed.
      const { page: prospect } = await t.open({ userAgent: PROSPECT_BROWSER });
      await prospect.goto(link);
      await eventually(() => prospect.url(), landing, 'the page the link pointed to');
      await visible(prospect.getByRole('heading', { name: 'Sign In', exact: true }));

      // Email Sending: Clicked, also under its own filter.
      await page.goto('/campaign-builder/email-sending');
      await eventually(
        everySecond(async () => statusOf(await emailSendingRows(page), CONTACT, SUBJECT)),
        'Clicked',
        'status of step 1 after the click',
        30_000,
      );
      await choose(page, page, 'Status', 'Clicked');
      const row = page.getByRole('row').filter({ hasText: CONTACT.email });
      await visible(row.getByText('Clicked', { exact: true }));
      await shotAtBothWidths(t, page, 'clicks-email-sending', row);

      // The contact's activity names the click and the address.
      await page.goto('/contacts');
      await page
        .getByRole('button', { name: `${CONTACT.firstName} ${CONTACT.lastName} ${CONTACT.email}` })
        .click();
      const activity = page.getByRole('dialog').getByRole('list', { name: 'Activity' });
      await visible(activity.getByText('Clicked a link', { exact: true }));
      await visible(activity.getByText(landing, { exact: true }));
      await page.keyboard.press('Escape');

      // The step's analytics and the top cards count the contact who clicked.
      await page.goto(detailPath);
      const analytics = page.getByTestId('sequence-analytics');
      const stepOne = analytics.getByRole('listitem', { name: 'Step 1', exact: true });
      await eventually(() => figure(stepOne, 'Clicked'), '1 (100%)', 'step 1 clicks', 10_000);
      await eventually(
        () => figure(analytics.getByLabel('Contacts emailed'), 'Clicked'),
        '1',
        'contacts who clicked',
        10_000,
      );
      await stepOne.scrollIntoViewIfNeeded();
      await t.shot(page, 'clicks-sequence-analytics');

      // After the reaction window the clicked branch sends step 2, in the same thread.
      await eventually(
        everySecond(async () => {
          const messages = await sandboxMessages(context);
          return messages
            .filter((m) => m.to.includes(CONTACT.email))
            .map((m) => m.subject)
            .sort();
        }),
        [SUBJECT, `Re: ${SUBJECT}`].sort(),
        'emails to the contact after the clicked branch',
        ENGINE_WAIT_MS,
      );
    },
  },
  {
    name: 'clicks: without open tracking the opened branch is not offered',
    async run(t) {
      const user = t.newUser('no-opens');
      const { context, page } = await t.open();
      await page.setViewportSize(DESKTOP);
      await t.register(context, user);
      const template = await postJson(context, '/api/templates', {
        name: 'Intro',
        subject: 'Hello',
        htmlBody: '<p>Hello</p>',
      });
      const sequence = await postJson(context, '/api/sequences', {
        name: 'No opens',
        timezone: ZONE,
        trackOpens: false,
      });
      await postJson(context, `/api/sequences/${sequence.id}/steps`, {
        stepType: 'send_email',
        templateId: template.id,
        delayDays: 1,
        sendHour: 9,
        sendMinute: 0,
      });

      await page.goto(`/sequences/${sequence.id}`);
      await closeChatPanel(page);
      await page.reload();
      const tracking = page.getByRole('group', { name: 'Tracking', exact: true });
      ok(!(await trackingSwitch(page, 'Track opens').isChecked()), 'Track opens off');
      await visible(tracking.getByText(OPENS_OFF_NOTE, { exact: false }));
      const card = stepCard(page, 1);
      await visible(fact(card, 'No reply:').getByText('End sequence'));
      await hidden(fact(card, 'Opened, no reply:'));
      await visible(diagramPath(page, '1. Step 1: Any outcome, then End sequence'));

      await card.getByRole('button', { name: 'Edit' }).click();
      await visible(card.getByRole('group', { name: 'No reply', exact: true }));
      await visible(card.getByRole('group', { name: 'Replied', exact: true }));
      await hidden(card.getByRole('group', { name: 'Opened, no reply', exact: true }));
      // Clicks are not tracked either: the clicked branch can be added, with a warning that nobody takes it.
      await card.getByRole('switch', { name: 'Branch on click', exact: true }).click();
      await visible(card.getByRole('group', { name: 'Clicked (no reply)', exact: true }));
      await visible(card.getByText(CLICKS_OFF_NOTE, { exact: false }));
      await shotAtBothWidths(
        t,
        page,
        'clicks-step-editor-no-opens',
        card.getByRole('group', { name: 'Reactions' }),
      );
      await card.getByRole('button', { name: 'Cancel', exact: true }).click();
      await hidden(card.getByRole('group', { name: 'No reply', exact: true }));
    },
  },
];
