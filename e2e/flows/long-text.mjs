// Long text in dialogs: a description of about 4,000 pasted characters keeps the Create Sequence and Create
// Email List dialogs inside the window (title, Name and buttons in view, the body scrolls), the field stops at
// its maximum with a counter, the API refuses a longer text with a 400 naming the field, and the email-list
// dialog names the field in its messages.
import { equal, ok, toast, visible } from '../lib/expect.mjs';

const PASTE = 'Long description pasted from a brief. '.repeat(106).slice(0, 4000);
const DESCRIPTION_MAX = 2000;
const COUNTER = '2,000 / 2,000 characters';
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
];

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
      }

      // The email list is created with a description at the maximum.
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
      await toast(page, 'Email list created successfully');

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
    },
  },
];
