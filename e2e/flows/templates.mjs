// Templates and the Email Sending page (spec sections 2, 5 and 8): an HTML template written with the
// AI generator and previewed, a drag-and-drop template saved and reopened, a test send into the sandbox
// mailbox, the CSV download on an empty sends page, and deleting a template.
import { atPath, equal, eventually, hidden, ok, toast, visible } from '../lib/expect.mjs';
import { shotAtBothWidths } from '../lib/screens.mjs';

const SENDING = '/campaign-builder/email-sending';
const MAILBOX = 'sam.taylor@northwind-traders.example';
let owner;
const CONTACTS = [
  { email: 'al.brook@sparse.example', firstName: 'Al', lastName: 'Brook' },
  {
    email: 'jane.roe@acme.example',
    firstName: 'Jane',
    lastName: 'Roe',
    organizationName: 'Acme',
    title: 'CTO',
    customFields: { icebreaker: 'Loved your talk on queues' },
  },
];

/** One user for these flows (registered once, so the register rate limit is not spent on them). */
async function templatesUser(t) {
  owner ??= (async () => {
    const user = t.newUser('templates');
    const { context } = await t.open();
    await t.register(context, user);
    // Previews and test emails are rendered for one of the user's contacts: the best-filled by default.
    for (const contact of CONTACTS) {
      const created = await context.request.post('/api/contacts', { data: contact });
      equal(created.status(), 201, `contact ${contact.email} created`);
    }
    const { cookies } = await context.storageState();
    return { ...user, cookies };
  })();
  return owner;
}

async function openAsOwner(t) {
  const { cookies } = await templatesUser(t);
  const opened = await t.open();
  await opened.context.addCookies(cookies);
  return opened;
}

const dialog = (page, name) => page.getByRole('dialog', { name, exact: true });
const card = (page, name) => page.getByRole('article', { name, exact: true });

async function openTemplatesTab(page) {
  await page.goto(`${SENDING}#templates`);
  await visible(page.getByRole('tab', { name: 'Templates', selected: true }));
}

async function startTemplate(page, name, subject) {
  await page.getByRole('button', { name: 'Create Template', exact: true }).first().click();
  const editor = dialog(page, 'Create Template');
  await visible(editor);
  await editor.getByLabel('Template Name', { exact: true }).fill(name);
  await editor.getByLabel('Subject', { exact: true }).fill(subject);
  return editor;
}

/** Presses at the centre of `from`, moves in steps to `to` and releases. */
async function dragBetween(page, from, to) {
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) {
    await page.mouse.move(start.x + ((to.x - start.x) * step) / 10, start.y + ((to.y - start.y) * step) / 10);
    await page.waitForTimeout(50);
  }
  await page.mouse.up();
}

/** Text of the GrapesJS canvas (an iframe inside the builder). */
const canvasText = (page) =>
  page.frameLocator('[data-testid="email-builder"] iframe.gjs-frame').locator('body').innerText();

export default [
  {
    name: 'templates: empty sends page, CSV download, tabs in the hash',
    async run(t) {
      const { page } = await openAsOwner(t);
      await page.goto(SENDING);
      await visible(page.getByRole('heading', { name: 'Email Sending', exact: true }));
      await visible(page.getByRole('tab', { name: 'All Emails', selected: true }));
      await visible(page.getByText('No emails sent yet', { exact: true }));
      await visible(page.getByRole('combobox', { name: 'Status' }).getByText('All Statuses'));
      await visible(page.getByRole('combobox', { name: 'Sequence' }).getByText('All Sequences'));
      await page.getByRole('button', { name: 'Download CSV', exact: true }).click();
      await toast(page, 'No emails to download');
      await t.shot(page, 'email-sending-empty');

      await page.getByRole('combobox', { name: 'Status' }).click();
      for (const option of ['All Statuses', 'Reply', 'Open', 'Not Open']) {
        await visible(page.getByRole('option', { name: option, exact: true }));
      }
      await page.getByRole('option', { name: 'Not Open', exact: true }).click();
      await visible(page.getByText('No emails match these filters', { exact: true }));

      await page.getByRole('tab', { name: 'Templates' }).click();
      await eventually(() => new URL(page.url()).hash, '#templates', 'hash after choosing Templates');
      await page.reload();
      await visible(page.getByRole('tab', { name: 'Templates', selected: true }));
      await page.getByRole('tab', { name: 'All Emails' }).click();
      await eventually(() => new URL(page.url()).hash, '', 'hash after choosing All Emails');
    },
  },
  {
    name: 'templates: html template, AI writer, preview, delete',
    async run(t) {
      const { page } = await openAsOwner(t);
      await openTemplatesTab(page);
      await t.shot(page, 'templates-empty');

      const editor = await startTemplate(page, '', '');
      await editor.getByRole('button', { name: 'Create Template', exact: true }).click();
      await visible(editor.getByText('Name and subject are required', { exact: true }));
      await editor.getByLabel('Template Name', { exact: true }).fill('Onboarding intro');
      await editor.getByLabel('Subject', { exact: true }).fill('Quick question, {{first_name}}');
      await editor.getByRole('button', { name: 'Create Template', exact: true }).click();
      await visible(editor.getByText('HTML body is required', { exact: true }));
      await t.shot(page, 'template-editor-validation');

      // The AI generator: the sandbox writer, French, friendly.
      await editor.getByRole('button', { name: 'Generate with AI', exact: true }).click();
      const ai = dialog(page, 'Generate Email with AI');
      await visible(ai.getByTestId('sandbox-writer-notice'));
      equal(await ai.getByLabel('Word Count').inputValue(), '200', 'default word count');
      await ai.getByRole('button', { name: 'Generate', exact: true }).click();
      await visible(ai.getByText('Please provide an outline for the email content', { exact: true }));
      await ai.getByRole('combobox', { name: 'Language' }).click();
      for (const language of [
        'English',
        'Vietnamese',
        'Japanese',
        'Spanish',
        'French',
        'German',
        'Chinese',
      ]) {
        await visible(page.getByRole('option', { name: language, exact: true }));
      }
      await page.getByRole('option', { name: 'French', exact: true }).click();
      await ai.getByRole('combobox', { name: 'Tone' }).click();
      await page.getByRole('option', { name: 'Friendly', exact: true }).click();
      await ai.getByLabel('Outline').fill('- We cut onboarding from 3 weeks to 3 days\n- Free 30-day pilot');
      await t.shot(page, 'ai-generator');
      await ai.getByRole('button', { name: 'Generate', exact: true }).click();
      await toast(page, 'Email content generated successfully');
      await hidden(ai);
      const code = editor.getByRole('textbox', { name: 'HTML Body' });
      await visible(code.getByText('Bonjour {{first_name|à vous}},', { exact: false }));
      await visible(editor.getByRole('radio', { name: 'HTML', checked: true }));

      // An unknown variable is warned about before saving.
      await code.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type('<p>{{compnay}}</p>');
      await visible(editor.getByRole('alert').getByText('{{compnay}}'));
      await visible(editor.getByText('{{first_name|there}}', { exact: true }));
      await t.shot(page, 'template-editor-html');

      await editor.getByRole('button', { name: 'Preview', exact: true }).click();
      const preview = dialog(page, 'Template Preview');
      await visible(preview.getByTestId('preview-subject').getByText('Quick question, Jane'));
      const frame = preview.locator('iframe[title="Email preview"]');
      equal(await frame.getAttribute('sandbox'), '', 'preview iframe sandbox attribute');
      await visible(page.frameLocator('iframe[title="Email preview"]').getByText('Bonjour Jane,'));
      await t.shot(page, 'template-preview-dialog');
      await page.keyboard.press('Escape');
      await hidden(preview);

      await editor.getByRole('button', { name: 'Create Template', exact: true }).click();
      const confirm = dialog(page, 'Unknown variables');
      await visible(confirm.getByText('{{compnay}}', { exact: false }));
      await confirm.getByRole('button', { name: 'Save Anyway', exact: true }).click();
      await toast(page, 'Template created successfully');
      await hidden(editor);
      const created = card(page, 'Onboarding intro');
      await visible(created.getByText('Quick question, {{first_name}}'));
      await visible(created.getByText('Bonjour {{first_name|à vous}},', { exact: false }));
      await t.shot(page, 'templates-grid');

      await created.getByRole('link', { name: 'Preview' }).click();
      await atPath(page, (path) => /^\/templates\/[0-9a-f-]{36}\/preview$/.test(path));
      await visible(page.getByRole('heading', { name: 'Onboarding intro' }));
      await visible(page.getByTestId('preview-subject').getByText('Quick question, Jane'));
      await visible(page.frameLocator('iframe[title="Email preview"]').getByText('Bonjour Jane,'));
      await visible(page.getByRole('button', { name: 'Edit', exact: true }));
      await visible(page.getByRole('button', { name: 'Send Test', exact: true }));
      await t.shot(page, 'template-preview-page');

      await page.getByRole('link', { name: 'Back to Templates' }).click();
      await atPath(page, SENDING);
      await card(page, 'Onboarding intro').getByRole('button', { name: 'Delete Onboarding intro' }).click();
      const remove = page.getByRole('alertdialog', { name: 'Delete Template', exact: true });
      await visible(
        remove.getByText(
          'Are you sure you want to delete "Onboarding intro"? This action cannot be undone.',
          {
            exact: true,
          },
        ),
      );
      await t.shot(page, 'template-delete-confirm');
      await remove.getByRole('button', { name: 'Delete', exact: true }).click();
      await hidden(card(page, 'Onboarding intro'));

      await page.goto('/templates/00000000-0000-4000-8000-000000000000/preview');
      await visible(page.getByRole('heading', { name: 'Template not found' }));
      await page.getByRole('link', { name: 'Back to Templates' }).click();
      await atPath(page, SENDING);
      await visible(page.getByRole('tab', { name: 'Templates', selected: true }));
    },
  },
  {
    name: 'templates: drag-and-drop builder, save, reopen',
    async run(t) {
      const { context, page } = await openAsOwner(t);
      await openTemplatesTab(page);
      const editor = await startTemplate(page, 'Built newsletter', 'News for {{first_name|you}}');
      await editor.getByRole('radio', { name: 'Drag & Drop Builder' }).click();
      const builder = editor.getByTestId('email-builder');
      const divider = builder.locator('.gjs-block', { hasText: 'Divider' });
      await visible(divider, 20_000);
      await eventually(
        async () => (await canvasText(page)).includes('Hi {{first_name|there}},'),
        true,
        'starter text',
      );

      // GrapesJS listens to native drag events across its canvas iframe: a stepped mouse drag delivers them.
      await divider.scrollIntoViewIfNeeded();
      const from = await divider.boundingBox();
      const to = await builder.locator('iframe.gjs-frame').boundingBox();
      await dragBetween(page, from, { x: to.x + to.width / 2, y: to.y + 200 });
      const divided = () =>
        page.frameLocator('[data-testid="email-builder"] iframe.gjs-frame').locator('td.divider').count();
      await eventually(divided, 1, 'dividers in the canvas after the drop');
      await t.shot(page, 'template-builder');

      await editor.getByRole('button', { name: 'Create Template', exact: true }).click();
      await toast(page, 'Template created successfully');
      await hidden(editor);
      const saved = (await (await context.request.get('/api/templates')).json()).find(
        (template) => template.name === 'Built newsletter',
      );
      equal(saved.templateType, 'builder', 'saved template type');
      ok(saved.builderJson?.pages?.length === 1, 'builderJson holds the project data');
      ok(
        /<td[^>]*class="divider"[^>]*style="[^"]*height: ?1px/.test(saved.htmlBody),
        'divider CSS inlined on save',
      );
      ok(!saved.htmlBody.includes('<style>.divider'), 'no divider <style> block left after inlining');

      await card(page, 'Built newsletter').getByRole('button', { name: 'Edit', exact: true }).click();
      const reopened = dialog(page, 'Edit Template');
      await visible(reopened.getByRole('radio', { name: 'Drag & Drop Builder', checked: true }));
      await visible(reopened.getByTestId('email-builder').locator('.gjs-block').first(), 20_000);
      await eventually(divided, 1, 'dividers in the reopened canvas');
      await eventually(
        async () => (await canvasText(page)).includes('Hi {{first_name|there}},'),
        true,
        'starter text in the reopened canvas',
      );
      await t.shot(page, 'template-builder-reopened');
      await reopened.getByRole('button', { name: 'Cancel', exact: true }).click();
    },
  },
  {
    name: 'templates: the builder button is an email-safe linked table, and HTML view is indented',
    async run(t) {
      const { page } = await openAsOwner(t);
      await openTemplatesTab(page);
      const editor = await startTemplate(page, 'Button check', 'A link for {{first_name|you}}');
      await editor.getByRole('radio', { name: 'Drag & Drop Builder' }).click();
      const builder = editor.getByTestId('email-builder');
      const block = builder.locator('.gjs-block', { hasText: /^\s*Button\s*$/ });
      await visible(block, 20_000);
      await eventually(
        async () => (await canvasText(page)).includes('Hi {{first_name|there}},'),
        true,
        'starter text',
      );
      await block.scrollIntoViewIfNeeded();
      const to = await builder.locator('iframe.gjs-frame').boundingBox();
      await dragBetween(page, await block.boundingBox(), { x: to.x + to.width / 2, y: to.y + 200 });
      const canvas = page.frameLocator('[data-testid="email-builder"] iframe.gjs-frame');
      const button = canvas.locator('td[bgcolor] > a[href="https://example.com"]');
      await eventually(() => button.count(), 1, 'a linked, table-cell button in the canvas');
      const look = await button.evaluate((a) => [
        getComputedStyle(a.parentElement).backgroundColor,
        getComputedStyle(a).color,
      ]);
      equal(look, ['rgb(37, 99, 235)', 'rgb(255, 255, 255)'], 'button colours');
      // The button lies within the 600 px content column, like the text.
      const column = await canvas.locator('table').first().boundingBox();
      const box = await button.boundingBox();
      ok(
        box.x >= column.x && box.x + box.width <= column.x + column.width,
        'button inside the content column',
      );
      await t.shot(page, 'template-builder-button');

      await editor.getByRole('radio', { name: 'HTML', exact: true }).click();
      const html = await editor.getByRole('textbox', { name: 'HTML Body' }).innerText();
      ok(
        html.split('\n').length > 10,
        `HTML after the switch is one element a line (${html.split('\n').length})`,
      );
      ok(/\n\s{2,}<tr>/.test(html), 'nested elements are indented');
      ok(html.includes('href="https://example.com"'), 'the button keeps its link');
      await t.shot(page, 'template-builder-to-html');
      await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
    },
  },
  {
    name: 'templates: send a test into the sandbox mailbox',
    async run(t) {
      const { context, page } = await openAsOwner(t);
      // Connect a sandbox mailbox through the sandbox Google consent screen.
      const { authUrl } = await (await context.request.get('/api/gmail/connect')).json();
      await page.goto(authUrl);
      await page.getByRole('button', { name: new RegExp(MAILBOX.replaceAll('.', '\\.')) }).click();
      await atPath(page, '/connection/gmail');

      const response = await context.request.post('/api/templates', {
        data: {
          name: 'Test send',
          subject: 'Hello {{first_name}}',
          htmlBody: '<p>Hi {{name}}, {{icebreaker|I came across your team}}.</p><p>{{sender_name}}</p>',
        },
      });
      const { id } = await response.json();
      // The chat panel takes the whole width of a phone: closed, so the screenshots show the page.
      await context.addInitScript(() => {
        // Not in the email preview's sandboxed frame, which has no storage.
        if (window.top === window) localStorage.setItem('chatWidgetOpen', 'false');
      });
      await page.goto(`/templates/${id}/preview`);
      // The best-filled contact by default, its custom field known; another contact can be chosen.
      const frameText = (text) => page.frameLocator('iframe[title="Email preview"]').getByText(text);
      await visible(frameText('Hi Jane Roe, Loved your talk on queues.'));
      await visible(frameText('Sam Taylor'));
      await page.getByRole('combobox', { name: 'Render for contact' }).click();
      await page.getByRole('option', { name: 'Al Brook <al.brook@sparse.example>', exact: true }).click();
      await visible(frameText('Hi Al Brook, I came across your team.'));
      await visible(page.getByTestId('preview-to').getByText('Al Brook <al.brook@sparse.example>'));
      await shotAtBothWidths(t, page, 'template-preview-contact', page.getByTestId('preview-to'));
      await page.getByRole('button', { name: 'Send Test', exact: true }).click();
      const send = dialog(page, 'Send Test Email');
      await visible(send.getByText('Test send', { exact: true }));
      await visible(send.getByText('Subject: Hello {{first_name}}', { exact: true }));
      // The default sender and the best-filled contact are preselected.
      const sender = send.getByRole('combobox', { name: 'Sender' });
      await visible(sender.getByText(`Sam Taylor <${MAILBOX}> (default)`, { exact: true }));
      const contact = send.getByRole('combobox', { name: 'Render for contact' });
      await visible(contact.getByText('Jane Roe <jane.roe@acme.example>', { exact: true }));
      await send.getByRole('button', { name: 'Send Test Email', exact: true }).click();
      await visible(send.getByText('Email address is required', { exact: true }));
      await send.getByLabel('Email Address').fill('qa@example.com');
      await contact.click();
      await page.getByRole('option', { name: 'Al Brook <al.brook@sparse.example>', exact: true }).click();
      await shotAtBothWidths(t, page, 'send-test-dialog', send);
      await send.getByRole('button', { name: 'Send Test Email', exact: true }).click();
      await toast(page, 'Test email sent successfully');
      await hidden(send);

      const { messages } = await (await context.request.get('/api/sandbox/messages')).json();
      const arrived = messages.find((m) =>
        m.headers.some((h) => h.name.toLowerCase() === 'subject' && h.value === '[Test] Hello Al'),
      );
      ok(arrived, 'the test email, "[Test] " first, is in the sandbox mailbox');
      const header = (name) => arrived.headers.find((h) => h.name.toLowerCase() === name)?.value ?? '';
      ok(header('to').includes('qa@example.com'), `To header: ${header('to')}`);
      ok(header('from').includes(`Sam Taylor <${MAILBOX}>`), `From header: ${header('from')}`);
      const read = `${header('subject')}\n${arrived.html}\n${arrived.text}`;
      ok(!read.includes('{{'), `no {{ in the test email: ${read}`);
      ok(
        arrived.text.includes('Hi Al Brook, I came across your team.'),
        `the contact and the fallback: ${arrived.text}`,
      );
      ok(arrived.text.includes('Sam Taylor'), `the sender's name: ${arrived.text}`);
      await t.shot(page, 'template-preview-after-test-send');
    },
  },
];
