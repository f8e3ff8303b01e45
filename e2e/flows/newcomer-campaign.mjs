// A newcomer's whole first campaign, on the real clock, and every email read as the prospects get it: a CSV
// whose only name column is a full name, a template with contact, custom and sender variables, spintax and a
// fallback, two steps added one after the other and connected in order, one button to start, a prospect's
// answer in the Inbox answered with a variable, and the follow-up only for those who did not answer.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../../scripts/build-state.mjs';
import { eventually, hidden, ok, toast, visible } from '../lib/expect.mjs';
import { nextWholeMinute, sendFromNextMinute, sleep, utcSendTime } from '../lib/sending.mjs';
import { postJson } from '../lib/sequence-reply.mjs';
import { connectSandboxMailbox, removeSendingGaps } from '../lib/ui.mjs';

const MAILBOX = 'alex.morgan.sandbox@gmail.com';
const NAME = 'First campaign';
const CSV = [
  'Name,Email,Company,Icebreaker',
  'Emma King,emma.king@northwind-example.com,Northwind,Loved your post on incident reviews',
  'Dr. Emma van der Berg,emma.vdberg@contoso-example.com,Contoso,',
  'Li,li.solo@fabrikam-example.org,,Your talk at KubeCon was great',
].join('\n');
/** What each prospect must read: first name, company or its fallback, icebreaker or its fallback. */
const PROSPECTS = [
  {
    email: 'emma.king@northwind-example.com',
    first: 'Emma',
    company: 'Northwind',
    icebreaker: 'Loved your post',
  },
  {
    email: 'emma.vdberg@contoso-example.com',
    first: 'Emma',
    company: 'Contoso',
    icebreaker: 'I came across',
  },
  {
    email: 'li.solo@fabrikam-example.org',
    first: 'Li',
    company: 'your team',
    icebreaker: 'Your talk at KubeCon',
  },
];
const [ANSWERER] = PROSPECTS;
const SEND_WAIT_MS = 200_000;

const dialog = (page, name) => page.getByRole('dialog', { name, exact: true });

async function sentMail(context) {
  const response = await context.request.get('/api/sandbox/messages');
  ok(response.ok(), `sandbox messages: ${response.status()}`);
  const header = (m, name) => m.headers.find((h) => h.name.toLowerCase() === name)?.value ?? '';
  return (await response.json()).messages.map((m) => ({
    ...m,
    to: header(m, 'to'),
    subject: header(m, 'subject'),
    from: header(m, 'from'),
  }));
}

/** Every email the sandbox mailbox holds, as its reader gets it, in a file to read after the run. */
function keepForReading(mail) {
  const text = mail
    .map((m) => `To: ${m.to}\nFrom: ${m.from}\nSubject: ${m.subject}\n\n${(m.text ?? '').trim()}\n`)
    .join('\n----------------------------------------\n');
  writeFileSync(join(root, 'e2e/test-results/newcomer-mail.txt'), text);
}

/** Every email must read as written for its prospect: no placeholder, no stray brace, no "there". */
function readAsProspect(message, prospect) {
  const bodies = `${message.text ?? ''}\n${message.html ?? ''}`;
  ok(!/[{}]/.test(message.subject) && !/\{\{|\}\}/.test(bodies), `no placeholder left: ${message.subject}`);
  ok(!/\bthere\b/.test(bodies), `${prospect.email} is greeted by name`);
  ok(bodies.includes(`Hi ${prospect.first},`), `greeting of ${prospect.email}`);
  ok(bodies.includes(prospect.icebreaker), `icebreaker of ${prospect.email}`);
  ok(bodies.includes('Alex'), `sender's first name in the email to ${prospect.email}`);
}

export default [
  {
    name: 'newcomer: a whole first campaign from a CSV, every email read as the prospect gets it',
    waitsOnClock: true,
    timeoutMs: 420_000,
    async run(t) {
      const user = t.newUser('newcomer');
      const { context, page } = await t.open();
      await t.register(context, user);
      await connectSandboxMailbox(page);
      await removeSendingGaps(page, MAILBOX);

      // The list, filled from a CSV whose only name column is a full name.
      const list = await postJson(context, '/api/personas', {
        name: 'First prospects',
        industry: 'Software',
        jobTitle: 'CTO',
        location: 'London',
      });
      await page.goto(`/personas/${list.id}`);
      await page.getByRole('button', { name: 'Import CSV' }).first().click();
      const importer = dialog(page, 'Import Contacts from CSV');
      await page.getByTestId('csv-file-input').setInputFiles({
        name: 'prospects.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(CSV),
      });
      await visible(importer.getByText('Name → split into First and Last name'));
      await t.shot(page, 'newcomer-csv-preview');
      await importer.getByRole('button', { name: 'Import 3 Contacts' }).click();
      await visible(importer.getByText('Successfully imported 3 contacts', { exact: false }));
      await importer.getByRole('button', { name: 'Done' }).click();
      await hidden(importer);
      const contacts = await (await context.request.get(`/api/personas/${list.id}/contacts`)).json();
      const rows = contacts.contacts ?? contacts.data ?? contacts;
      const vanDerBerg = rows.find((c) => c.email === PROSPECTS[1].email);
      ok(
        vanDerBerg?.firstName === 'Emma' && vanDerBerg?.lastName === 'van der Berg',
        'name split with particles',
      );

      // Two templates; two steps added one after the other, both "end the sequence" until connected.
      const intro = await postJson(context, '/api/templates', {
        name: 'Intro',
        subject: '{{first_name}}, on-call at {{company|your team}}?',
        htmlBody:
          '<p>Hi {{first_name}},</p><p>{{icebreaker|I came across your profile}}. {{random|Quick|Short}} ' +
          'question: how does {{company|your team}} handle on-call?</p><p>{{sender_first_name}}</p>',
      });
      const followUp = await postJson(context, '/api/templates', {
        name: 'Follow-up',
        subject: 'Re: {{first_name}}, on-call at {{company|your team}}?',
        htmlBody: '<p>Hi {{first_name}}, just bumping this up.</p><p>{{sender_first_name}}</p>',
      });
      const sequence = await postJson(context, '/api/sequences', { name: NAME, timezone: 'UTC' });
      await postJson(context, `/api/sequences/${sequence.id}/add-email-list`, { personaId: list.id }, 200);
      const first = nextWholeMinute();
      const second = new Date(first.getTime() + 3 * 60_000);
      for (const [template, at, name] of [
        [intro, first, 'Intro'],
        [followUp, second, 'Follow-up'],
      ]) {
        await postJson(context, `/api/sequences/${sequence.id}/steps`, {
          stepType: 'send_email',
          name,
          templateId: template.id,
          delayDays: 0,
          ...utcSendTime(at),
          reactionWindowHours: 0,
          reactionWindowMinutes: 1,
        });
      }

      // A test email before the launch reads as the first prospect will read it, marked "[Test] ".
      await page.goto(`/templates/${intro.id}/preview`);
      await page.getByRole('button', { name: 'Send Test', exact: true }).click();
      const sendTest = page.getByRole('dialog', { name: 'Send Test Email', exact: true });
      await sendTest.getByLabel('Email Address').fill('newcomer.test@example.com');
      await sendTest.getByRole('button', { name: 'Send Test Email', exact: true }).click();
      await toast(page, 'Test email sent successfully');
      const testEmail = (await sentMail(context)).find((m) => m.to.includes('newcomer.test@example.com'));
      ok(testEmail?.subject.startsWith('[Test] '), `the test email's subject: ${testEmail?.subject}`);
      ok(
        !/\{\{|\}\}/.test(`${testEmail.subject}${testEmail.text}${testEmail.html}`),
        'no placeholder in the test',
      );
      ok(!(testEmail.text ?? '').includes('John'), `the test email is for a real contact: ${testEmail.text}`);

      await page.goto(`/sequences/${sequence.id}`);
      const banner = page.getByTestId('unreachable-steps-banner');
      await visible(banner);
      await banner.getByRole('button', { name: 'Connect in order' }).click();
      await toast(page, 'Steps connected in order');
      await hidden(banner);
      await sendFromNextMinute(context, sequence.id);
      await page.getByRole('button', { name: 'Activate Sequence' }).click();
      const review = page.getByRole('alertdialog', { name: `Launch "${NAME}"?` });
      await visible(review.getByTestId('launch-estimate'));
      await t.shot(page, 'newcomer-launch-review');
      await review.getByRole('button', { name: 'Launch', exact: true }).click();
      await toast(page, 'Sequence launched successfully! Contacts are being enrolled and emails scheduled.');

      // Step 1 reaches all three; each reads as written for its prospect.
      let mail = [];
      await eventually(
        async () => {
          await sleep(1_000);
          mail = await sentMail(context);
          return PROSPECTS.filter((p) => mail.some((m) => m.to.includes(p.email))).length;
        },
        3,
        'the first email reached every prospect',
        SEND_WAIT_MS,
      );
      for (const prospect of PROSPECTS) {
        const message = mail.find((m) => m.to.includes(prospect.email));
        equalSubject(message, `${prospect.first}, on-call at ${prospect.company}?`);
        readAsProspect(message, prospect);
      }

      // Emma King answers before the reaction window ends; the Inbox shows it, and she gets an answer.
      const toAnswerer = mail.find((m) => m.to.includes(ANSWERER.email));
      await postJson(
        context,
        `/api/sandbox/messages/${toAnswerer.id}/reply`,
        { text: 'Happy to talk, how about Tuesday?' },
        200,
      );
      await page.goto('/campaign-builder/replies');
      const conversations = page.getByRole('list', { name: 'Replies conversations' });
      await eventually(
        async () => {
          await sleep(1_000);
          await page.reload();
          await visible(page.getByRole('heading', { name: 'Inbox', exact: true }));
          return conversations.getByText('Emma King', { exact: true }).first().isVisible();
        },
        true,
        'the answer is in the Inbox',
        60_000,
      );
      await conversations.getByText('Emma King', { exact: true }).first().click();
      const box = page.getByRole('textbox', { name: `Reply to ${ANSWERER.email}` });
      await box.fill('Great, {{first_name}}! Tuesday at 10 works.');
      await visible(page.getByRole('list', { name: 'Variables in this answer' }).getByText('Emma'));
      await page.keyboard.press('Control+Enter');
      await toast(page, 'Reply Sent');
      await t.shot(page, 'newcomer-inbox-answer');

      // The follow-up goes to the two who did not answer, never to the one who did.
      await eventually(
        async () => {
          await sleep(1_000);
          mail = await sentMail(context);
          return PROSPECTS.map((p) => mail.filter((m) => m.to.includes(p.email)).length);
        },
        [2, 2, 2],
        'emails per prospect: the answer to Emma King, a follow-up to the others',
        SEND_WAIT_MS,
      );
      const answer = mail.find((m) => m.to.includes(ANSWERER.email) && m.id !== toAnswerer.id);
      ok((answer.text ?? '').includes('Great, Emma! Tuesday at 10 works.'), 'the Inbox answer names her');
      ok(!/Just bumping/i.test(answer.text ?? ''), 'no follow-up to the prospect who answered');
      for (const prospect of PROSPECTS.slice(1)) {
        const bump = mail.find(
          (m) => m.to.includes(prospect.email) && /bumping/.test(m.text ?? m.html ?? ''),
        );
        ok(bump, `follow-up to ${prospect.email}`);
        equalSubject(bump, `Re: ${prospect.first}, on-call at ${prospect.company}?`);
        ok((bump.text ?? '').includes(`Hi ${prospect.first}, just bumping this up.`), 'follow-up greeting');
      }
      keepForReading(mail);
      await page.goto('/campaign-builder/email-sending');
      await visible(page.getByRole('row').filter({ hasText: PROSPECTS[2].email }).first());
      await t.shot(page, 'newcomer-email-sending');
    },
  },
];

function equalSubject(message, expected) {
  ok(message?.subject === expected, `subject "${message?.subject}" is "${expected}"`);
}
