// The pages a demanding newcomer looked at, at 1280x720 and 1440x900 with the chat panel open: the workflow
// wizard stops at the field with a problem (scrolled to and marked), template and workflow cards and the
// Email Lists search are not clipped, 'Email list not found' explains itself, the Leads Finder keeps a
// revealed email after a reload and ranks 'Chief Technology Officer' first for 'cto', and the Google
// Workspace page lists what the connection grants.
import { atPath, equal, eventually, ok, toast, visible } from '../lib/expect.mjs';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
];
const FINDER = '/contacts-hub/leads-finder';
const LONG_TEMPLATE = 'Quarterly follow-up for trade-show leads in the DACH region';

/** The element is shown, focused, marked invalid and inside the window. */
async function problemAt(page, locator, message) {
  await visible(page.getByText(message, { exact: true }).last());
  await eventually(() => locator.evaluate((el) => el === document.activeElement), true, `${message}: focus`);
  equal(await locator.getAttribute('aria-invalid'), 'true', `${message}: aria-invalid`);
  await eventually(
    async () => {
      const box = await locator.boundingBox();
      return Boolean(box) && box.y >= 0 && box.y + box.height <= page.viewportSize().height;
    },
    true,
    `${message}: field scrolled into view`,
  );
}

/** A sequence whose first step ends on Replied while its other outcomes go on: the reported diagram. */
async function seedSequence(context, templateId) {
  const post = async (path, data) => {
    const response = await context.request.post(path, { data });
    ok(response.status() === 201, `POST ${path} (${response.status()}) ${await response.text()}`);
    return response.json();
  };
  const sequence = await post('/api/sequences', { name: 'Branching check' });
  const send = { stepType: 'send_email', templateId, delayDays: 1 };
  const first = await post(`/api/sequences/${sequence.id}/steps`, send);
  const second = await post(`/api/sequences/${sequence.id}/steps`, send);
  const wait = await post(`/api/sequences/${sequence.id}/steps`, {
    stepType: 'wait',
    waitValue: 2,
    waitUnit: 'days',
  });
  for (const [id, data] of [
    [first.id, { notOpenedStepId: second.id, openedNoReplyStepId: second.id }],
    [second.id, { notOpenedStepId: wait.id }],
  ]) {
    const response = await context.request.patch(`/api/steps/${id}`, { data });
    ok(response.ok(), `PATCH step (${response.status()}) ${await response.text()}`);
  }
  return sequence.id;
}

async function seed(context) {
  const template = await context.request.post('/api/templates', {
    data: {
      name: LONG_TEMPLATE,
      subject: 'Good to meet you at the fair',
      templateType: 'html',
      htmlBody: '<p>Hi</p>',
    },
  });
  ok(template.status() === 201, `template created (${template.status()})`);
  const workflow = await context.request.post('/api/workflows', {
    data: {
      name: 'Weekly CTO discovery',
      description: 'New CTOs every week',
      startStrategy: 'scheduled',
      startAt: '2031-04-14T16:05:00.000Z',
      frequencyType: 'weeks',
      frequencyInterval: 1,
      status: 'draft',
    },
  });
  ok(workflow.status() === 201, `workflow created (${workflow.status()}) ${await workflow.text()}`);
  return { sequenceId: await seedSequence(context, (await template.json()).id) };
}

export default [
  {
    name: 'polish: wizard validation, cards, lists, leads and Google Workspace at two window sizes',
    timeoutMs: 150_000,
    async run(t) {
      const user = t.newUser('polish');
      const { context, page } = await t.open();
      await t.register(context, user);
      const { sequenceId } = await seed(context);

      for (const size of SIZES) {
        await page.setViewportSize(size);
        const at = `${size.width}x${size.height}`;

        // Workflow wizard: each problem of step 1 is caught on Next, at its field.
        await page.goto('/workflows/create');
        await page.getByRole('radio', { name: 'Run every X days' }).check();
        await page.getByRole('checkbox', { name: 'Set end date' }).click();
        await page.getByRole('button', { name: 'Next: Configure Actions' }).click();
        await toast(page, 'Validation Error');
        await problemAt(page, page.locator('#workflow-name'), 'Please enter a workflow name');
        await t.shot(page, `polish-workflow-name-required-${at}`);
        await page.locator('#workflow-name').fill('Daily discovery');
        equal(
          await page.locator('#workflow-name').getAttribute('aria-invalid'),
          null,
          'name no longer invalid',
        );
        await page.getByRole('button', { name: 'Next: Configure Actions' }).click();
        await problemAt(page, page.locator('#workflow-end-at'), 'Please choose an end date and time');
        await t.shot(page, `polish-workflow-end-date-required-${at}`);
        await page.locator('#workflow-end-at').fill('2031-05-01T09:00');
        await page.getByRole('button', { name: 'Next: Configure Actions' }).click();
        await visible(page.getByRole('heading', { name: 'Add to Email List' }));

        // Cards and lists.
        await page.goto('/campaign-builder/email-sending#templates');
        const card = page.getByRole('article', { name: LONG_TEMPLATE, exact: true });
        await visible(card);
        // The name takes the row beside its badge, both inside the card (cut with an ellipsis if need be).
        const cardBox = await card.boundingBox();
        for (const part of [
          card.getByText(LONG_TEMPLATE, { exact: true }),
          card.getByText('HTML', { exact: true }),
        ]) {
          const box = await part.boundingBox();
          ok(
            box.x >= cardBox.x && box.x + box.width <= cardBox.x + cardBox.width,
            'card title row inside the card',
          );
        }
        const title = card.getByText(LONG_TEMPLATE, { exact: true });
        const share = await title.evaluate((el) => el.clientWidth / el.parentElement.clientWidth);
        ok(share > 0.6, `template name uses its row (${share})`);
        await t.shot(page, `polish-templates-${at}`);

        await page.goto('/workflows');
        const facts = page.getByRole('article', { name: 'Workflow Weekly CTO discovery' }).locator('dd');
        await visible(facts.first());
        for (const fact of await facts.all()) {
          ok(!(await fact.evaluate((el) => el.scrollWidth > el.clientWidth)), `workflow fact not cut`);
        }
        await t.shot(page, `polish-workflows-${at}`);

        await page.goto('/personas');
        const search = page.getByRole('textbox', { name: 'Search email lists' });
        await visible(search);
        ok(
          await search.evaluate((el) => {
            const context2d = document.createElement('canvas').getContext('2d');
            context2d.font = getComputedStyle(el).font;
            return context2d.measureText(el.placeholder).width <= el.clientWidth - 40;
          }),
          'search placeholder fits',
        );
        await t.shot(page, `polish-email-lists-${at}`);
        await page.goto('/personas/00000000-0000-4000-8000-000000000000');
        await visible(page.getByRole('heading', { name: 'Email list not found' }));
        await visible(page.getByText('It may have been deleted, or the link is wrong.', { exact: true }));
        await t.shot(page, `polish-email-list-not-found-${at}`);

        // Leads Finder: 'cto' ranks the acronym first.
        await page.goto(FINDER);
        const titleInput = page.getByRole('combobox', { name: 'Job Title', exact: true });
        await titleInput.fill('cto');
        const first = page.getByRole('option').first();
        await eventually(() => first.innerText(), 'Chief Technology Officer', 'first suggestion for cto');
        await t.shot(page, `polish-leads-cto-${at}`);
        await titleInput.fill('');

        // The branch diagram: every edge labelled, none through a box (the layout is unit-tested).
        await page.goto(`/sequences/${sequenceId}`);
        const labels = page.getByTestId('diagram-edge-label');
        await visible(labels.filter({ hasText: 'Replied' }));
        await page.locator('.react-flow').scrollIntoViewIfNeeded();
        const flow = await page.locator('.react-flow').boundingBox();
        for (const label of await labels.all()) {
          const box = await label.boundingBox();
          ok(
            box.x >= flow.x && box.x + box.width <= flow.x + flow.width,
            `label ${await label.innerText()} in view`,
          );
        }
        await t.shot(page, `polish-sequence-diagram-${at}`);

        await page.goto('/integrations/gsuite');
        await visible(page.getByRole('list', { name: 'Features' }));
        await t.shot(page, `polish-google-workspace-${at}`);
      }

      // A revealed email stays after a reload (per user), instead of 'Access email' again.
      await page.goto(FINDER);
      const rows = page.getByRole('table', { name: 'Leads' }).locator('tbody tr');
      await visible(rows.first());
      let at = 0;
      while (
        (await rows
          .nth(at)
          .getByRole('button', { name: /^Access email of / })
          .count()) === 0
      )
        at += 1;
      // The row keeps its place when the reveal completes its name.
      const row = rows.nth(at);
      const button = row.getByRole('button', { name: /^Access email of / });
      const name = (await button.getAttribute('aria-label')).replace('Access email of ', '');
      await button.click();
      await eventually(async () => /@/.test(await row.innerText()), true, 'revealed email shown');
      const email = /\S+@\S+/.exec(await row.innerText())[0];
      // After a reload the row shows what the reveal answered: the email and the whole last name.
      await page.reload();
      const revealed = rows.filter({ hasText: email }).first();
      await visible(revealed.getByText(email, { exact: true }));
      const firstName = name.split(' ')[0];
      const shownName = (await revealed.innerText()).split('\n').find((line) => line.startsWith(firstName));
      ok(shownName && !shownName.includes('*'), `the whole name after reload: ${shownName}`);
      equal(
        await revealed.getByRole('button', { name: /^Access email of / }).count(),
        0,
        'no Access email after reload',
      );
      await t.shot(page, 'polish-leads-revealed-after-reload');
      await atPath(page, FINDER);
    },
  },
];
