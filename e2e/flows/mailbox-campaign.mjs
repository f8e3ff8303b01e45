// One sequence sent from three mailboxes of three providers: a Google one through the sandbox Google, a
// Microsoft 365 one through the sandbox Microsoft's sign-in, and an SMTP/IMAP one on a real mail server
// (Dovecot, with an SMTP server delivering into it) connected with its own settings. The sequence's
// configuration rotates them; each prospect gets the email from one of them and answers; the Inbox shows the
// three answers, each with the mailbox it came to, and an answer written in the Inbox leaves through the
// mail server, in the thread. Pictured at 1440 and 390 px wide.
import { atPath, equal, eventually, ok, toast, visible } from '../lib/expect.mjs';
import { DESKTOP, shotAtBothWidths } from '../lib/screens.mjs';
import { choose, everySecond } from '../lib/sending.mjs';
import { emailListWith, launchAtNextMinute, oneStepSequence, postJson } from '../lib/sequence-reply.mjs';
import { connectFromMenu, connectSandboxMailbox } from '../lib/ui.mjs';

const GOOGLE = 'alex.morgan.sandbox@gmail.com';
const MICROSOFT = 'jordan.lee@contoso.example';
const SMTP = 'robin@mail.localhost';
/** Step 1's send minute is at most two minutes away; the engine and the poller add a few seconds. */
const SEND_WAIT_MS = 170_000;
const SUBJECT = 'Reporting at {{company}}';
const CONTACTS = ['Ada', 'Grace', 'Edsger'].map((firstName, index) => ({
  email: `${firstName.toLowerCase()}.rotation@prospect${index + 1}.example`,
  firstName,
  lastName: 'Prospect',
  organizationName: `Prospect ${index + 1}`,
}));

const header = (raw, name) =>
  new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t]+.*)*)`, 'im')
    .exec(raw.split(/\r?\n\r?\n/)[0] ?? '')?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .trim() ?? '';

async function connectThreeMailboxes(page, mail, password) {
  await connectSandboxMailbox(page);
  await toast(page, 'Gmail Account Connected');

  await connectFromMenu(page, 'Microsoft');
  await atPath(page, '/sandbox/microsoft/common/oauth2/v2.0/authorize');
  await page.getByRole('textbox', { name: 'Email' }).fill(MICROSOFT);
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await atPath(page, '/connection/gmail');
  await toast(page, 'Microsoft Mailbox Connected');

  await connectFromMenu(page, 'Other (SMTP/IMAP)');
  const dialog = page.getByRole('dialog', { name: 'Connect an SMTP/IMAP mailbox' });
  await dialog.getByLabel('Email address').fill(SMTP);
  await dialog.getByLabel('Display name').fill('Robin Rivera');
  for (const [kind, port] of [
    ['SMTP', mail.ports.smtp],
    ['IMAP', mail.ports.imaps],
  ]) {
    await dialog.getByLabel(`${kind} host`).fill(mail.host);
    await dialog.getByLabel(`${kind} port`).fill(String(port));
    await dialog.getByLabel(`${kind} username`).fill(SMTP);
    await dialog.getByLabel(`${kind} password`).fill(password);
  }
  await choose(page, dialog, 'SMTP security', 'STARTTLS');
  await choose(page, dialog, 'IMAP security', 'TLS');
  await dialog.getByRole('button', { name: 'Connect Mailbox', exact: true }).click();
  await toast(page, 'SMTP Mailbox Connected', `${SMTP} is connected.`);
}

/** No pause between two sends of a mailbox (Exchange's pace keeps two seconds), so all leave in one minute. */
async function removeGaps(context, mailboxes) {
  for (const mailbox of mailboxes) {
    const gap = mailbox.provider === 'microsoft' ? 2 : 0;
    const response = await context.request.patch(`/api/mailboxes/${mailbox.id}`, {
      data: { minGapSeconds: gap, maxGapSeconds: gap },
    });
    ok(response.ok(), `gaps of ${mailbox.email}: ${response.status()} ${await response.text()}`);
  }
}

/** Who sent each contact's email: [{contact, provider, ...}] once every contact has one. */
async function sentByProvider(context, mail) {
  const gmail = (await (await context.request.get('/api/sandbox/messages')).json()).messages;
  const microsoft = (await (await context.request.get('/api/sandbox/microsoft/messages')).json()).messages;
  const to = (message) =>
    (message.headers?.find((h) => h.name.toLowerCase() === 'to')?.value ?? '').toLowerCase();
  return CONTACTS.map((contact) => {
    const fromGmail = gmail.find((m) => to(m).includes(contact.email));
    if (fromGmail) return { contact, provider: 'gmail', id: fromGmail.id };
    const fromMicrosoft = microsoft.find((m) => (m.toAddress ?? '').toLowerCase() === contact.email);
    if (fromMicrosoft) return { contact, provider: 'microsoft', id: fromMicrosoft.id };
    const taken = mail.taken.find((m) => m.to.includes(contact.email));
    if (taken) return { contact, provider: 'smtp', raw: taken.raw.toString('utf8') };
    return null;
  });
}

export default [
  {
    name: 'mailbox campaign: Google, Microsoft and SMTP mailboxes rotate one sequence; replies in the Inbox',
    waitsOnClock: true,
    timeoutMs: 330_000,
    async run(t) {
      const mail = t.mail;
      ok(mail, 'a mail server for the SMTP/IMAP mailbox: apt-get install -y dovecot-imapd');
      const password = `app-password-${Date.now().toString(36)}`;
      mail.addUser(SMTP, password);
      const user = t.newUser('rotation');
      const { context, page } = await t.open();
      await t.register(context, user);
      await page.setViewportSize(DESKTOP);

      await connectThreeMailboxes(page, mail, password);
      // The chat panel takes the whole width of a phone; it is closed here to look at the pages.
      await page.evaluate(() => localStorage.setItem('chatWidgetOpen', 'false'));
      const mailboxes = await (await context.request.get('/api/mailboxes')).json();
      equal(
        mailboxes
          .map((m) => m.provider)
          .sort()
          .join(','),
        'gmail,microsoft,smtp',
        'three providers',
      );
      await removeGaps(context, mailboxes);

      // The list, the template and the sequence with its step; the rotation is chosen on its page.
      const list = await emailListWith(context, 'Rotation prospects', CONTACTS);
      const template = await postJson(context, '/api/templates', {
        name: 'Rotation intro',
        subject: SUBJECT,
        htmlBody: '<p>Hi {{first_name}}, who looks after reporting at {{company}}?</p>',
      });
      const sequence = await oneStepSequence(context, {
        name: 'Three mailboxes',
        personaId: list.id,
        templateId: template.id,
      });

      await page.goto(`/sequences/${sequence.id}`);
      // The first mailbox connected is the default sender, and says so.
      await page.getByRole('combobox', { name: 'Sender Mailbox', exact: true }).click();
      await page.getByRole('option', { name: `${GOOGLE} (default)`, exact: true }).click();
      const rotation = page.getByRole('group', { name: 'Also send from' });
      await visible(rotation);
      await rotation.getByRole('checkbox', { name: new RegExp(MICROSOFT) }).check();
      await rotation.getByRole('checkbox', { name: new RegExp(SMTP) }).check();
      await visible(rotation.getByRole('img', { name: 'Microsoft 365' }));
      await visible(rotation.getByRole('img', { name: 'SMTP' }));
      await page.getByRole('button', { name: 'Save as Draft', exact: true }).click();
      await toast(page, 'Sequence updated successfully');
      const saved = await (await context.request.get(`/api/sequences/${sequence.id}`)).json();
      equal(
        [...saved.senderAccountIds].sort().join(','),
        mailboxes
          .map((m) => m.id)
          .sort()
          .join(','),
        'the sequence rotates the three mailboxes',
      );
      await launchAtNextMinute(context, sequence.id);
      await shotAtBothWidths(t, page, 'mailbox-campaign-rotation', rotation);

      // Each contact gets the email from one mailbox, and each provider sends one.
      let sent = [];
      await eventually(
        everySecond(async () => {
          sent = await sentByProvider(context, mail);
          return sent.every(Boolean);
        }),
        true,
        'every contact got the email',
        SEND_WAIT_MS,
      );
      equal(
        sent
          .map((s) => s.provider)
          .sort()
          .join(','),
        'gmail,microsoft,smtp',
        'one email from each provider',
      );

      // Email Sending says which mailbox each email left from.
      await page.goto('/campaign-builder/email-sending');
      const table = page.getByRole('table');
      for (const { contact, provider } of sent) {
        const row = table.getByRole('row').filter({ hasText: contact.email });
        const mailbox = { gmail: GOOGLE, microsoft: MICROSOFT, smtp: SMTP }[provider];
        await visible(row.getByText(`from ${mailbox}`, { exact: true }));
      }
      await shotAtBothWidths(t, page, 'mailbox-campaign-email-sending', table);

      // Every prospect answers, each through their own mailbox's provider.
      for (const { contact, provider, id, raw } of sent) {
        const text = `Happy to talk, ${contact.firstName} here (${provider}).`;
        if (provider === 'gmail') await postJson(context, `/api/sandbox/messages/${id}/reply`, { text }, 200);
        else if (provider === 'microsoft')
          await postJson(context, `/api/sandbox/microsoft/messages/${id}/reply`, { text }, 200);
        else {
          const ours = header(raw, 'Message-ID');
          ok(ours, 'the SMTP email has our Message-ID');
          equal(header(raw, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click', 'one-click unsubscribe');
          await mail.deliver(
            SMTP,
            [
              `From: ${contact.firstName} Prospect <${contact.email}>`,
              `To: Robin Rivera <${SMTP}>`,
              `Subject: Re: ${header(raw, 'Subject')}`,
              `Message-ID: <answer-${Date.now()}@${contact.email.split('@')[1]}>`,
              `In-Reply-To: ${ours}`,
              `References: ${ours}`,
              `Date: ${new Date().toUTCString()}`,
              'MIME-Version: 1.0',
              'Content-Type: text/plain; charset=utf-8',
              '',
              text,
              '',
            ].join('\r\n'),
          );
        }
      }

      // The poller reads the three mailboxes; the Inbox shows each answer with its mailbox.
      await page.goto('/campaign-builder/replies');
      const conversations = page.getByRole('list', { name: 'Replies conversations' });
      await eventually(
        everySecond(async () => {
          await page.reload();
          await visible(page.getByRole('heading', { name: 'Inbox', exact: true }));
          return conversations.getByText('Happy to talk', { exact: false }).count();
        }),
        3,
        'three answers in the Inbox',
        60_000,
      );
      for (const mailbox of [GOOGLE, MICROSOFT, SMTP])
        await visible(conversations.getByText(mailbox, { exact: false }).first());
      await shotAtBothWidths(t, page, 'mailbox-campaign-inbox', conversations);

      // An answer from the Inbox to the SMTP conversation leaves through the mail server, in the thread.
      const smtpSent = sent.find((s) => s.provider === 'smtp');
      await conversations.getByText(`Happy to talk, ${smtpSent.contact.firstName} here`).click();
      const thread = page.getByRole('region', { name: 'Conversation', exact: true });
      await visible(thread.getByText(`via ${SMTP}`, { exact: true }));
      const box = page.getByRole('textbox', { name: `Reply to ${smtpSent.contact.email}` });
      await box.fill('Thanks {{first_name}}, Tuesday at 10 works for me.');
      await page.keyboard.press('Control+Enter');
      await toast(page, 'Reply Sent');
      const answer = mail.taken.find(
        (m) => m.to.includes(smtpSent.contact.email) && m.raw.toString('utf8').includes('Tuesday at 10'),
      );
      ok(answer, 'the answer went out through the SMTP server');
      const answerRaw = answer.raw.toString('utf8');
      ok(answerRaw.includes(`Thanks ${smtpSent.contact.firstName},`), 'the variable is filled in');
      const inReplyTo = header(answerRaw, 'In-Reply-To');
      ok(inReplyTo.startsWith('<answer-'), `the answer follows the prospect's (In-Reply-To: ${inReplyTo})`);
      await shotAtBothWidths(t, page, 'mailbox-campaign-smtp-thread', thread);
    },
  },
];
