// The Inbox end to end: a sequence email goes out from a sandbox mailbox, the prospect answers in the
// sandbox Gmail, the poller brings the answer in; the user opens the Inbox, filters, opens the thread with
// the keyboard, answers with a template variable, sets the status with a key and sees the unread count drop;
// Done (the button, then "e" after the prospect writes again) takes the conversation out of the list.
import { eventually, hidden, toast, visible } from '../lib/expect.mjs';
import { sleep } from '../lib/sending.mjs';
import { postJson, sequenceEmailAnswered } from '../lib/sequence-reply.mjs';
import { connectSandboxMailbox } from '../lib/ui.mjs';

const MAILBOX = 'alex.morgan.sandbox@gmail.com';
const CONTACT = {
  email: 'ada.inbox@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  organizationName: 'Analytical',
};
const SUBJECT = 'A quick question, Ada';

export default [
  {
    name: 'inbox: a reply arrives, filter, open with the keyboard, answer with a variable, status by key',
    waitsOnClock: true,
    timeoutMs: 300_000,
    async run(t) {
      const user = t.newUser('inbox');
      const { context, page } = await t.open();
      await t.register(context, user);

      await connectSandboxMailbox(page);

      await page.goto('/campaign-builder/replies');
      await visible(page.getByRole('heading', { name: 'Inbox', exact: true }));
      await visible(page.getByText('No conversations yet', { exact: true }));
      await t.shot(page, 'inbox-empty');

      const sent = await sequenceEmailAnswered(context, {
        contact: CONTACT,
        subject: 'A quick question, {{first_name}}',
        body: '<p>Hi {{first_name}}, are you the right person to talk to about reporting?</p>',
        reply: "Sounds good, let's set up a call next week.",
      });

      // The poller brings the reply in within a round; the list is read again until it is there.
      const sidebar = page.getByTestId('sidebar');
      const list = page.getByRole('list', { name: 'Replies conversations' });
      await eventually(
        async () => {
          await sleep(1_000);
          await page.reload();
          await visible(page.getByRole('heading', { name: 'Inbox', exact: true }));
          return list.getByText(CONTACT.email).or(list.getByText('Ada Lovelace')).first().isVisible();
        },
        true,
        'the reply is in the Inbox',
        30_000,
      );
      const count = sidebar.getByTestId('inbox-unread-count');
      await visible(count);
      await eventually(() => count.textContent(), '1 unread', 'one unread conversation');
      await visible(list.getByText('Interested', { exact: true }));
      await t.shot(page, 'inbox-list');

      // Filters: a search that matches the company, a status that matches, one that does not.
      await page.getByRole('searchbox', { name: 'Search contact, company and text' }).fill('Analytical');
      await visible(list.getByText('Sounds good', { exact: false }));
      await page.getByRole('combobox', { name: 'Status', exact: true }).click();
      await page.getByRole('option', { name: 'Not interested', exact: true }).click();
      await visible(page.getByText('No conversations match', { exact: true }));
      await page.getByRole('combobox', { name: 'Status', exact: true }).click();
      await page.getByRole('option', { name: 'Interested', exact: true }).click();
      await visible(list.getByText('Sounds good', { exact: false }));

      // The keyboard: Enter opens the highlighted conversation, which is then read.
      await page.evaluate(() =>
        document.activeElement instanceof HTMLElement ? document.activeElement.blur() : null,
      );
      await page.keyboard.press('Enter');
      const thread = page.getByRole('region', { name: 'Conversation' });
      await visible(thread.getByRole('heading', { name: `Re: ${SUBJECT}` }));
      await hidden(count);
      await visible(page.getByRole('complementary', { name: 'Contact' }).getByText('Reply prospects'));

      // r: the reply box; a variable is filled in for the contact.
      await page.keyboard.press('r');
      const box = page.getByRole('textbox', { name: `Reply to ${CONTACT.email}` });
      await eventually(
        () => box.evaluate((el) => el === document.activeElement),
        true,
        'r focuses the reply box',
      );
      await page.keyboard.type('Thanks {{first_name}}, Tuesday at 10 works for me.');
      const values = page.getByRole('list', { name: 'Variables in this answer' });
      await visible(values.getByText('Ada', { exact: true }));
      await t.shot(page, 'inbox-answer-values');
      await page.keyboard.press('Control+Enter');
      await toast(page, 'Reply Sent');
      const ours = page.frameLocator(`iframe[title="Message from ${MAILBOX}"]`).last();
      await visible(ours.getByText('Thanks Ada, Tuesday at 10 works for me.'));

      // 2: Meeting booked, from the keyboard.
      await page.evaluate(() =>
        document.activeElement instanceof HTMLElement ? document.activeElement.blur() : null,
      );
      await page.keyboard.press('2');
      await visible(thread.getByRole('button', { name: 'Lead status' }).getByText('Meeting booked'));
      await t.shot(page, 'inbox-thread');

      // Done, the button: the conversation leaves the list and the pane; the Done filter still shows it.
      await page.reload();
      await visible(page.getByRole('heading', { name: 'Inbox', exact: true }));
      await list.getByText(CONTACT.email).or(list.getByText('Ada Lovelace')).first().click();
      await thread.getByRole('button', { name: 'Done', exact: true }).click();
      await visible(page.getByText('No conversations yet', { exact: true }));
      await hidden(page.getByRole('region', { name: 'Conversation', exact: true }));
      const doneFilter = page.getByRole('checkbox', { name: 'Done', exact: true });
      await doneFilter.check();
      await visible(list.getByText(CONTACT.email).or(list.getByText('Ada Lovelace')).first());
      await doneFilter.uncheck();
      await visible(page.getByText('No conversations yet', { exact: true }));

      // The prospect writes again: the conversation is back; "e" marks it done from the list.
      await postJson(context, `/api/sandbox/messages/${sent.id}/reply`, { text: 'One more question.' }, 200);
      await eventually(
        async () => {
          await sleep(1_000);
          await page.reload();
          await visible(page.getByRole('heading', { name: 'Inbox', exact: true }));
          return list.getByText('One more question', { exact: false }).isVisible();
        },
        true,
        'the new message brings the conversation back',
        30_000,
      );
      await page.evaluate(() =>
        document.activeElement instanceof HTMLElement ? document.activeElement.blur() : null,
      );
      await page.keyboard.press('e');
      await visible(page.getByText('No conversations yet', { exact: true }));
      await doneFilter.check();
      await visible(list.getByText('One more question', { exact: false }));
      await t.shot(page, 'inbox-done');
    },
  },
];
