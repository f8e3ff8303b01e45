// The answer assistant end to end: the user writes "About us" in Settings and allows automatic drafts and
// auto-send for questions; a prospect asks a question; the conversation shows "Draft ready" and when it
// would be sent; the user cancels the automatic send, uses the draft, regenerates it by streaming, shortens
// and edits it and sends it; the thread shows the answer.
import { eventually, hidden, toast, visible } from '../lib/expect.mjs';
import { sleep } from '../lib/sending.mjs';
import { sequenceEmailAnswered } from '../lib/sequence-reply.mjs';
import { connectSandboxMailbox } from '../lib/ui.mjs';

const MAILBOX = 'alex.morgan.sandbox@gmail.com';
const CONTACT = { email: 'grace.assistant@example.com', firstName: 'Grace', lastName: 'Hopper' };
const ABOUT = [
  'Acme: invoice matching for finance teams.',
  'Pricing: $49 per user per month.',
  'Meeting link: https://cal.acme.example/demo',
  'Signature: Alex Morgan | Acme',
].join('\n');

export default [
  {
    name: 'assistant: about us and auto-send in settings, draft ready, cancel the send, regenerate, shorten, edit, send; the thread shows it',
    waitsOnClock: true,
    timeoutMs: 300_000,
    async run(t) {
      const user = t.newUser('assistant');
      const { context, page } = await t.open();
      await t.register(context, user);
      await connectSandboxMailbox(page);

      await page.goto('/settings');
      await page.getByRole('tab', { name: 'Assistant' }).click();
      await page.getByRole('textbox', { name: 'About us' }).fill(ABOUT);
      const drafts = page.getByRole('group', { name: 'Draft automatically when a reply arrives that is' });
      await drafts.getByRole('checkbox', { name: 'A question' }).click();
      await page.getByRole('checkbox', { name: /Send drafts automatically/ }).click();
      const sends = page.getByRole('group', { name: 'Send automatically for replies that are' });
      await sends.getByRole('checkbox', { name: 'A question' }).click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await toast(page, 'Settings Saved');
      await t.shot(page, 'assistant-settings');

      await sequenceEmailAnswered(context, {
        contact: CONTACT,
        subject: 'Invoices, Grace?',
        body: '<p>Hi {{first_name}}, how do you match invoices today?</p>',
        reply: 'What does it cost for a team of twelve? Could we book a call next week?',
      });
      const list = page.getByRole('list', { name: 'Replies conversations' });
      await eventually(
        async () => {
          await sleep(1_000);
          await page.goto('/campaign-builder/replies');
          await visible(page.getByRole('heading', { name: 'Inbox', exact: true }));
          return list.getByText('Grace Hopper').first().isVisible();
        },
        true,
        'the reply is in the Inbox',
        30_000,
      );
      await list.getByText('Grace Hopper').first().click();
      const thread = page.getByRole('region', { name: 'Conversation' });
      await visible(thread.getByRole('heading', { name: 'Re: Invoices, Grace?' }));

      // The automatic draft waits, with the time auto-send would send it; the user stops that.
      await visible(thread.getByText('Draft ready', { exact: true }));
      await visible(thread.getByText(/The assistant sends this draft (at|tomorrow at|on) /));
      await thread.getByText(/The assistant sends this draft (at|tomorrow at|on) /).scrollIntoViewIfNeeded();
      await t.shot(page, 'assistant-draft-ready');
      await thread.getByRole('button', { name: 'Cancel automatic send' }).click();
      await toast(page, 'Automatic Send Cancelled');
      await hidden(thread.getByText(/The assistant sends this draft (at|tomorrow at|on) /));
      await thread.getByRole('button', { name: 'Use draft' }).click();
      const box = page.getByRole('textbox', { name: `Reply to ${CONTACT.email}` });
      await eventually(
        async () => (await box.inputValue()).includes('Pricing: $49 per user per month.'),
        true,
        'the draft is in the reply box',
      );
      await thread.getByRole('button', { name: 'Regenerate' }).click();
      await eventually(
        async () => (await box.inputValue()).includes('Thanks a lot for getting back to me.'),
        true,
        'another draft streamed into the reply box',
        15_000,
      );
      await visible(thread.getByText(/Drafted in English by the sandbox writer/));
      // Without an AI model the page says so.
      await visible(thread.getByText('No AI model is configured.'));
      const draft = await box.inputValue();
      await visible(thread.getByRole('button', { name: 'Shorten' }));
      await t.shot(page, 'assistant-draft');

      await thread.getByRole('button', { name: 'Shorten' }).click();
      await eventually(
        async () => {
          const value = await box.inputValue();
          return value.length > 0 && value.length < draft.length;
        },
        true,
        'the draft is shorter',
        15_000,
      );
      await box.press('Control+End');
      await box.pressSequentially('\n\nP.S. Tuesday works for me.');
      await thread.getByRole('button', { name: 'Send reply' }).click();
      await toast(page, 'Reply Sent');
      const ours = page.frameLocator(`iframe[title="Message from ${MAILBOX}"]`).last();
      await visible(ours.getByText('P.S. Tuesday works for me.'));
      await visible(ours.getByText('Hi Grace,'));
      await t.shot(page, 'assistant-sent');
    },
  },
];
