// Long text in dialogs: a description of about 4,000 pasted characters keeps the Create Sequence and Create
// Email List dialogs inside the window (title, Name and buttons in view, the body scrolls), the field stops at
// its maximum with a counter, the API refuses a longer text with a 400 naming the field, and the email-list
// dialog names the field in its messages. The contact edit dialog's fields stop at the API's maxima with a
// counter, and a toast never covers the page header's buttons.
import { equal, ok, restingBox, toast, visible } from '../lib/expect.mjs';

const PASTE = 'Long description pasted from a brief. '.repeat(106).slice(0, 4000);
const DESCRIPTION_MAX = 2000;
const COUNTER = '2,000 / 2,000 characters';
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
];

const TITLE_MAX = 500;
const TITLE_COUNTER = '500 / 500 characters';

const dialog = (page, name) => page.getByRole('dialog', { name, exact: true });

/** The element is shown and lies entirely inside the window. */
async function inView(page, locator, what) {
  await visible(locator);
  const box = await locator.first().boundingBox();
  const { height } = page.viewportSize();
  ok(
    box && box.y >= 0 && box.y + box.height <= height,
    `${what} is inside the window (${JSON.stringify(box)})`,
  );
}

/** Pastes into a field the way a browser does: the text is inserted at the caret, as one input. */
async function paste(page, field, text) {
  await field.click();
  await page.keyboard.insertText(text);
}

/** The toast lies below the page header, so it covers none of the header's buttons. */
async function toastClearsHeader(page, title, what) {
  await toast(page, title);
  // The page's own header (its title and actions), once the page has settled: a new list's page renders
  // its header again when the list's data arrives.
  const pageHeader = page.locator('main header:has(h1)').first();
  let header = null;
  for (let tries = 0; tries < 30 && !header; tries++) {
    header = await pageHeader.boundingBox();
    if (!header) await page.waitForTimeout(100);
  }
  const shown = await restingBox(page.getByTestId('toast').first());
  ok(
    header && shown && shown.y >= header.y + header.height,
    `${what}: the toast is below the page header (${JSON.stringify({ header, shown })})`,
  );
}

/** Edits a contact's title with a pasted text longer than its maximum: it stops there with a counter. */
async function checkContactDialog(page, t, email, suffix) {
  await page.goto('/contacts');
  await page.getByRole('button', { name: `Actions for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const box = dialog(page, 'Edit Contact');
  const title = box.getByLabel('Title', { exact: true });
  await title.fill('');
  await paste(page, title, PASTE);
  equal((await title.inputValue()).length, TITLE_MAX, 'contact title stops at its maximum');
  await visible(box.getByText(TITLE_COUNTER, { exact: true }));
  await inView(page, box.getByRole('button', { name: 'Save Changes', exact: true }), 'Edit Contact: Save');
  await t.shot(page, `long-text-edit-contact-${suffix}`);
  await box.getByRole('button', { name: 'Save Changes', exact: true }).click();
  await toastClearsHeader(page, 'Contact updated successfully', `contacts ${suffix}`);
  await t.shot(page, `long-text-contacts-toast-${suffix}`);
}

async function checkDialog(page, t, { name, nameLabel, submit, shot }) {
  const box = dialog(page, name);
  await inView(page, box.getByRole('heading', { name, exact: true }), `${name}: title`);
  await inView(page, box.getByLabel(nameLabel, { exact: true }), `${name}: ${nameLabel}`);
  await inView(page, box.getByRole('button', { name: submit, exact: true }), `${name}: ${submit} button`);
  await inView(page, box.getByRole('button', { name: 'Cancel', exact: true }), `${name}: Cancel button`);
  const dialogBox = await box.boundingBox();
  ok(dialogBox.height <= page.viewportSize().height, `${name}: dialog fits the window`);
  const description = box.getByLabel('Description (optional)', { exact: true });
  equal(
    (await description.inputValue()).length,
    DESCRIPTION_MAX,
    `${name}: description stops at its maximum`,
  );
  await visible(box.getByText(COUNTER, { exact: true }));
  await t.shot(page, shot);
}

export default [
  {
    name: 'long text: dialogs keep header and buttons in view, fields stop at their maximum, the API agrees',
    async run(t) {
      const user = t.newUser('longtext');
      const { context, page } = await t.open();
      await t.register(context, user);
      const contactEmail = 'long.title@example.com';
      const created = await context.request.post('/api/contacts', { data: { email: contactEmail } });
      equal(created.status(), 201, 'contact created');
      const contactId = (await created.json()).id;

      for (const size of SIZES) {
        await page.setViewportSize(size);
        const suffix = `${size.width}x${size.height}`;

        await page.goto('/sequences');
        await page
          .getByRole('button', { name: /Create (Your First )?Sequence/ })
          .first()
          .click();
        const sequence = dialog(page, 'Create Sequence');
        await sequence.getByLabel('Sequence Name').fill('Long text check');
        await paste(page, sequence.getByLabel('Description (optional)', { exact: true }), PASTE);
        await checkDialog(page, t, {
          name: 'Create Sequence',
          nameLabel: 'Sequence Name',
          submit: 'Create Sequence',
          shot: `long-text-create-sequence-${suffix}`,
        });
        if (size.width === 1280) {
          // A window too short for the whole dialog: the body scrolls under the header and the buttons.
          await page.setViewportSize({ width: 1280, height: 460 });
          const create = sequence.getByRole('button', { name: 'Create Sequence', exact: true });
          await inView(
            page,
            sequence.getByRole('heading', { name: 'Create Sequence' }),
            'short window: title',
          );
          await inView(page, create, 'short window: Create Sequence button');
          await sequence.getByLabel('Skip weekends', { exact: false }).scrollIntoViewIfNeeded();
          await inView(page, sequence.getByRole('heading', { name: 'Create Sequence' }), 'scrolled: title');
          await inView(page, create, 'scrolled: Create Sequence button');
          await t.shot(page, 'long-text-create-sequence-short-window');
          await page.setViewportSize(size);
        }
        await sequence.getByRole('button', { name: 'Cancel', exact: true }).click();

        await page.goto('/personas');
        await page.getByRole('button', { name: 'Create Email List' }).first().click();
        const list = dialog(page, 'Create Email List');
        await list.getByLabel('Name', { exact: true }).fill('Long text list');
        await paste(page, list.getByLabel('Description (optional)', { exact: true }), PASTE);
        await checkDialog(page, t, {
          name: 'Create Email List',
          nameLabel: 'Name',
          submit: 'Create Email List',
          shot: `long-text-create-email-list-${suffix}`,
        });
        // A blank Industry (and the other required fields) is explained, not only painted red.
        await list.getByRole('button', { name: 'Create Email List', exact: true }).click();
        await visible(
          list.getByText('Name, industry, job title, and location are required', { exact: true }),
        );
        await list.getByRole('button', { name: 'Cancel', exact: true }).click();

        await checkContactDialog(page, t, contactEmail, suffix);
      }

      // The email list is created with a description at the maximum.
      await page.goto('/personas');
      await page.getByRole('button', { name: 'Create Email List' }).first().click();
      const list = dialog(page, 'Create Email List');
      for (const [label, value] of [
        ['Name', 'Long text list'],
        ['Industry', 'Software'],
        ['Job Title', 'CTO'],
        ['Location', 'Berlin'],
      ]) {
        await list.getByLabel(label, { exact: true }).fill(value);
      }
      await paste(page, list.getByLabel('Description (optional)', { exact: true }), PASTE);
      await list.getByRole('button', { name: 'Create Email List', exact: true }).click();
      // A new list opens its own page: the toast is measured against that page's header.
      await page.waitForURL(/\/personas\/[0-9a-f-]{36}$/);
      await toastClearsHeader(page, 'Email list created successfully', 'email lists');

      // The list's page: its long description wraps the header's Edit and Delete below it; a toast stays clear.
      const lists = await (await context.request.get('/api/personas')).json();
      const saved = (Array.isArray(lists) ? lists : lists.personas).find((p) => p.name === 'Long text list');
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto(`/personas/${saved.id}`);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await dialog(page, 'Edit Email List').getByLabel('Location', { exact: true }).fill('Munich');
      await dialog(page, 'Edit Email List').getByRole('button', { name: 'Save Changes' }).click();
      await toastClearsHeader(page, 'Email list updated successfully', 'email list detail 1280x720');
      await t.shot(page, 'long-text-email-list-toast-1280x720');

      // The API enforces the same maximum and names the field.
      const cases = [
        [
          '/api/sequences',
          { name: 'Too long', description: PASTE },
          'Description must be at most 2000 characters',
        ],
        [
          '/api/personas',
          { name: 'x'.repeat(201), industry: 'Software', jobTitle: 'CTO', location: 'Berlin' },
          'Name must be at most 200 characters',
        ],
        [
          '/api/personas',
          { name: 'Too long', industry: 'Software', jobTitle: 'CTO', location: 'Berlin', description: PASTE },
          'Description must be at most 2000 characters',
        ],
      ];
      for (const [path, data, message] of cases) {
        const response = await context.request.post(path, { data });
        equal([response.status(), (await response.json()).message], [400, message], `POST ${path}`);
      }
      const contact = await context.request.patch(`/api/contacts/${contactId}`, {
        data: { title: 'x'.repeat(TITLE_MAX + 1) },
      });
      equal(
        [contact.status(), (await contact.json()).message],
        [400, `Title is too long (at most ${TITLE_MAX} characters)`],
        'PATCH /api/contacts/:id',
      );
    },
  },
];
