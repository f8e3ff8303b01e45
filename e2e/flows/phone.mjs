// Every page on a phone (390x844) and a desktop (1440x900), with a live campaign's data: no page is wider
// than the window, no control is cut off at its edge (wide tables scroll inside their card, a long link in a
// reply wraps), and axe-core finds no serious or critical accessibility violation. Then on a phone the sidebar
// is a sheet the menu button opens, dialogs fit (the import preview's table scrolls inside it), the Inbox
// search placeholder fits its field and toasts show below the page header. At 1280x800 the same holds for the
// placeholder and toasts, a field's error leaves the field beside it in line, and four pages keep their
// desktop look.

import { checkAccessibility, describeViolations, seriousViolations } from '../lib/accessibility.mjs';
import { answerWithLongLink, LONG_LINK, launchedCampaign, listOfContacts } from '../lib/campaign-seed.mjs';
import { atPath, equal, eventually, hidden, ok, restingBox, toast, visible } from '../lib/expect.mjs';
import { pageWidth, settled, tooWide } from '../lib/page-fit.mjs';
import { PHONE, DESKTOP as WIDE_DESKTOP } from '../lib/screens.mjs';
import { sleep } from '../lib/sending.mjs';
import { connectSandboxMailbox, removeSendingGaps } from '../lib/ui.mjs';

const DESKTOP = { width: 1280, height: 800 };
const MAILBOX = 'alex.morgan.sandbox@gmail.com';

/** Every signed-in route of the app, with the heading that says the page has rendered. */
function pages({ list, template, sequence, workflow }) {
  return [
    { path: '/personas', heading: 'Email Lists' },
    { path: `/personas/${list.id}`, heading: list.name, name: 'email-list' },
    { path: '/contacts', heading: 'Contacts' },
    { path: '/sequences', heading: 'Sequences' },
    { path: `/sequences/${sequence.id}`, heading: 'Berlin CTO outreach', name: 'sequence' },
    { path: `/templates/${template.id}/preview`, heading: template.name, name: 'template-preview' },
    { path: '/contacts-hub/leads-finder', heading: 'Leads Finder' },
    { path: '/campaign-builder/email-sending', heading: 'Email Sending' },
    { path: '/campaign-builder/email-sending#templates', heading: 'Email Sending', name: 'templates' },
    { path: '/campaign-builder/replies', heading: 'Inbox' },
    { path: '/workflows', heading: 'Workflows' },
    { path: '/workflows/create', heading: 'Create Workflow' },
    { path: `/workflows/${workflow.id}`, heading: 'Edit Workflow', name: 'workflow' },
    { path: '/connection/gmail', heading: 'Mailboxes' },
    { path: '/connection/gmail#connected-accounts', heading: 'Mailboxes', name: 'connected-accounts' },
    { path: '/connection/gmail#settings', heading: 'Mailboxes', name: 'mailbox-settings' },
    { path: '/integrations/gsuite', heading: 'Google Workspace' },
    { path: '/integrations', heading: 'Integrations' },
    { path: '/settings', heading: 'Settings' },
    ...['tracking-domain', 'assistant', 'api', 'webhooks'].map((tab) => ({
      path: `/settings?tab=${tab}`,
      heading: 'Settings',
      name: `settings-${tab}`,
    })),
    { path: '/settings/api-reference', heading: 'API reference' },
    { path: '/settings/team', heading: 'Settings', name: 'settings-team' },
    { path: '/activity', heading: 'Activity' },
    { path: '/sandbox/inbox', heading: 'Sandbox Inbox' },
    { path: '/no-such-page', heading: '404', name: 'not-found' },
  ];
}

const slug = (text) => text.replace(/^\/|#/g, '').replace(/\W+/g, '-') || 'home';

/** The placeholder's text is no wider than the room the field gives it. */
function placeholderFits(input) {
  return input.evaluate((el) => {
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d');
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = context.measureText(el.placeholder).width;
    const room =
      el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return { text: Math.ceil(text), room: Math.floor(room) };
  });
}

/** Saves the list unchanged: its toast lies below the page header, covering none of its buttons. */
async function toastBelowHeader(page, listId, at) {
  await page.goto(`/personas/${listId}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save Changes', exact: true }).click();
  await toast(page, 'Email list updated successfully');
  const header = await page.locator('main header:has(h1)').first().boundingBox();
  const shown = await restingBox(page.getByTestId('toast').first());
  ok(
    header && shown && shown.y >= header.y + header.height,
    `${at}: the toast is below the page header (${JSON.stringify({ header, shown })})`,
  );
}

/** A field's error below it leaves the field beside it where it was: both inputs stay on one line. */
async function errorsKeepFieldsInLine(page) {
  await page.goto('/campaign-builder/email-sending#templates');
  await page.getByRole('button', { name: 'Create Template', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Template', exact: true });
  await dialog.getByLabel('Subject', { exact: true }).fill('A quick question');
  await dialog.getByRole('button', { name: 'Create Template', exact: true }).click();
  await visible(dialog.locator('[data-slot="form-message"]'));
  const name = await dialog.getByLabel('Template Name', { exact: true }).boundingBox();
  const subject = await dialog.getByLabel('Subject', { exact: true }).boundingBox();
  equal(Math.round(subject.y), Math.round(name.y), 'the Subject field beside the Template Name error');
  await page.keyboard.press('Escape');
  await hidden(dialog);
}

async function checkInboxSearch(page, at) {
  await page.goto('/campaign-builder/replies');
  const search = page.getByRole('searchbox', { name: 'Search contact, company and text' });
  await visible(search);
  const { text, room } = await placeholderFits(search);
  ok(
    text <= room,
    `${at}: the Inbox search placeholder fits its field (${text} px of text, ${room} px of room)`,
  );
}

/** Hides the chat panel, which takes the whole width of a phone, and checks the page loads with it closed. */
async function closeChat(page) {
  await page.evaluate(() => localStorage.setItem('chatWidgetOpen', 'false'));
  await page.reload();
  const open = page.getByRole('button', { name: 'Open chat', exact: true });
  const close = page.getByRole('button', { name: 'Close chat', exact: true });
  await visible(open.or(close), 20_000);
  // A first load that stored its open state after the choice above shows the panel: it is closed by hand.
  if (await close.isVisible()) await close.click();
  await visible(open);
}

/** Two frames after a resize: what measures its container (charts, tables) has drawn itself again. */
const laidOut = (page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * Looks at the page as it is at a phone's and a desktop's width: its width and its serious or critical axe
 * violations go into `problems`, a picture of each into the screenshots, with `focus` (a locator) scrolled
 * into view. Ends at the desktop width.
 */
async function lookAtBothWidths(t, page, name, problems, focus) {
  for (const size of [PHONE, WIDE_DESKTOP]) {
    await page.setViewportSize(size);
    await laidOut(page);
    await focus?.scrollIntoViewIfNeeded();
    const width = await pageWidth(page);
    const found = [];
    if (tooWide(width)) found.push(`${name} at ${size.width} px is too wide: ${JSON.stringify(width)}`);
    const violations = await seriousViolations(page);
    if (violations.length > 0) found.push(describeViolations(`${name} at ${size.width} px`, violations));
    // Told as found too, so a later failure does not hide them.
    for (const problem of found) console.log(`    ${problem}`);
    problems.push(...found);
    await t.shot(page, `fit-${name}-${size.width}`);
  }
}

async function openPage(page, { path, heading }) {
  await page.goto(path);
  await visible(page.getByRole('heading', { name: heading, exact: true }).first(), 15_000);
  await settled(page);
}

/** The answer holding a long link, open in the Inbox, once the reply poller has brought it in. */
async function openLongLinkConversation(page) {
  const list = page.getByRole('list', { name: 'Replies conversations' });
  await eventually(
    async () => {
      await sleep(1_000);
      await page.reload();
      await visible(page.getByRole('heading', { name: 'Inbox', exact: true }));
      return list.getByText('Alexandra').first().isVisible();
    },
    true,
    'the answer is in the Inbox',
    30_000,
  );
  await list.getByText('Alexandra').first().click();
  const thread = page.getByRole('region', { name: 'Conversation' });
  await visible(thread.getByText(LONG_LINK.slice(0, 40), { exact: false }).or(thread.locator('iframe')));
  await settled(page);
}

export default [
  {
    name: 'phone: every route fits 390 and 1440 px with a live campaign, no serious accessibility violation',
    waitsOnClock: true,
    timeoutMs: 540_000,
    async run(t) {
      const user = t.newUser('fit');
      const { context, page } = await t.open();
      await t.register(context, user);
      await connectSandboxMailbox(page);
      await removeSendingGaps(page, MAILBOX);
      const campaign = await launchedCampaign(context);
      await closeChat(page);

      const problems = [];
      for (const entry of pages(campaign)) {
        await openPage(page, entry);
        await lookAtBothWidths(t, page, entry.name ?? slug(entry.path), problems);
      }
      // The API reference with an operation and a webhook event open.
      await openPage(page, { path: '/settings/api-reference', heading: 'API reference' });
      const reference = page.getByTestId('api-reference');
      await reference.getByRole('button', { name: /Read a contact/ }).click();
      await reference.getByRole('button', { name: /A person replied to an email/ }).click();
      await visible(reference.getByText('"ada@example.com"').first());
      await lookAtBothWidths(t, page, 'api-reference-open', problems);
      // The editors: a step with variants A and B, and a template.
      await openPage(page, { path: `/sequences/${campaign.sequence.id}`, heading: 'Berlin CTO outreach' });
      const firstStep = page.getByRole('article', { name: 'Step 1: First email', exact: true });
      await firstStep.getByRole('button', { name: 'Edit', exact: true }).click();
      await visible(firstStep.getByRole('button', { name: 'Save', exact: true }));
      await lookAtBothWidths(t, page, 'step-editor', problems, firstStep);
      await openPage(page, { path: '/campaign-builder/email-sending#templates', heading: 'Email Sending' });
      await page
        .getByRole('article', { name: campaign.template.name, exact: true })
        .getByRole('button', { name: 'Edit', exact: true })
        .click();
      await visible(page.getByRole('dialog', { name: 'Edit Template', exact: true }));
      await settled(page);
      await lookAtBothWidths(t, page, 'template-editor', problems);

      // Signed out: signing in and creating an account.
      const { page: guest } = await t.open();
      for (const entry of [
        { path: '/login', heading: 'Sign In', name: 'login' },
        { path: '/signup', heading: 'Create Account', name: 'signup' },
      ]) {
        await openPage(guest, entry);
        await lookAtBothWidths(t, guest, entry.name, problems);
      }

      // Once the first emails are out and answered: the sequence's analytics with its variants, the Inbox
      // with the conversation whose answer holds a long link.
      await answerWithLongLink(context);
      await page.goto('/campaign-builder/replies');
      await openLongLinkConversation(page);
      await lookAtBothWidths(
        t,
        page,
        'inbox-conversation',
        problems,
        page.getByRole('article', { name: /^Received/ }).first(),
      );
      await openPage(page, { path: `/sequences/${campaign.sequence.id}`, heading: 'Berlin CTO outreach' });
      const analytics = page.getByRole('region', { name: 'A/B test of First email' });
      await visible(analytics, 20_000);
      await lookAtBothWidths(t, page, 'sequence-analytics', problems, analytics);
      await openPage(page, { path: '/campaign-builder/email-sending', heading: 'Email Sending' });
      await lookAtBothWidths(t, page, 'email-sending-sent', problems);

      equal(problems, [], 'pages too wide or with serious or critical accessibility violations');
    },
  },
  {
    name: 'phone: the sidebar sheet, dialogs, toasts and the desktop look',
    timeoutMs: 240_000,
    async run(t) {
      const user = t.newUser('phone');
      const { context, page } = await t.open();
      await t.register(context, user);
      await connectSandboxMailbox(page);
      const list = await listOfContacts(context);
      await closeChat(page);
      await page.setViewportSize(PHONE);

      // The sidebar is a sheet: the menu button opens it and a link in it navigates and closes it.
      await page.goto('/connection/gmail');
      await hidden(page.getByTestId('sidebar'));
      await page.getByRole('button', { name: 'Open menu', exact: true }).click();
      const sheet = page.getByRole('dialog', { name: 'Menu', exact: true });
      await visible(sheet);
      const group = sheet.getByRole('button', { name: 'CONTACTS HUB', exact: true });
      if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
      await checkAccessibility(page, 'the menu sheet');
      await t.shot(page, 'phone-menu-sheet');
      await sheet.getByRole('link', { name: 'Leads Finder', exact: true }).click();
      await atPath(page, '/contacts-hub/leads-finder');
      await hidden(sheet);
      await visible(page.getByRole('heading', { name: 'Leads Finder', exact: true }));

      // A dialog fits the phone's width and height; its body scrolls inside it.
      await page.goto('/campaign-builder/email-sending#templates');
      await page.getByRole('button', { name: 'Create Template', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Template', exact: true });
      await visible(dialog);
      const box = await dialog.boundingBox();
      ok(
        box.x >= 0 && box.x + box.width <= PHONE.width && box.y >= 0 && box.y + box.height <= PHONE.height,
        `the Create Template dialog fits the phone (${JSON.stringify(box)})`,
      );
      await visible(dialog.getByRole('button', { name: 'Create Template', exact: true }));
      await checkAccessibility(page, 'the Create Template dialog');
      await t.shot(page, 'phone-create-template-dialog');
      await page.keyboard.press('Escape');
      await hidden(dialog);

      // The import dialog's preview: its table scrolls inside its border, nothing else is wider than the dialog.
      await page.goto(`/personas/${list.id}`);
      await page.getByRole('button', { name: 'Import CSV', exact: true }).click();
      await page.getByTestId('csv-file-input').setInputFiles({
        name: 'northwind.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'Email,First Name,Last Name,Title,Company,City,Country,Lead Source\n' +
            'maximilian.oberhauser@northwind-enterprise-solutions.example,Maximilian,Oberhauser,' +
            'Vice President of Platform Engineering,Northwind Enterprise Solutions GmbH,Berlin,Germany,Conference\n',
        ),
      });
      const importDialog = page.getByRole('dialog', { name: 'Import Contacts from CSV', exact: true });
      await visible(importDialog.getByRole('table', { name: 'Preview of the first rows' }));
      const widths = await importDialog.evaluate((element) => ({
        content: element.scrollWidth,
        shown: element.clientWidth,
      }));
      ok(widths.content <= widths.shown, `the import preview fits its dialog (${JSON.stringify(widths)})`);
      const importBox = await importDialog.boundingBox();
      ok(
        importBox.x >= 0 && importBox.x + importBox.width <= PHONE.width,
        'the import dialog fits the phone',
      );
      await visible(importDialog.getByRole('button', { name: 'Import 1 Contact', exact: true }));
      await checkAccessibility(page, 'the import preview');
      await t.shot(page, 'phone-import-preview');
      await page.keyboard.press('Escape');
      await hidden(importDialog);

      await checkInboxSearch(page, 'phone');
      await t.shot(page, 'phone-inbox-search');
      await toastBelowHeader(page, list.id, 'phone');
      await t.shot(page, 'phone-toast');

      await page.setViewportSize(DESKTOP);
      await checkInboxSearch(page, 'desktop');
      await toastBelowHeader(page, list.id, 'desktop');
      await t.shot(page, 'desktop-toast');
      await errorsKeepFieldsInLine(page);
      await visible(page.getByTestId('sidebar'));
      equal(await page.getByRole('button', { name: 'Open menu' }).count(), 0, 'menu button on a desktop');
      const desktopPages = [
        { path: '/personas' },
        { path: `/personas/${list.id}`, name: 'email-list' },
        { path: '/contacts-hub/leads-finder' },
        { path: '/connection/gmail' },
      ];
      for (const { path, name } of desktopPages) {
        await page.goto(path);
        await settled(page);
        const width = await pageWidth(page);
        ok(width.document <= DESKTOP.width, `${path} fits 1280 px (${JSON.stringify(width)})`);
        await t.shot(page, `desktop-${name ?? slug(path)}`);
      }
    },
  },
];
