import { randomUUID } from 'node:crypto';
import { runEngineRound } from '@prospector/core';
import { contacts, emailSends, gmailAccounts, sequenceContacts } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { EngineUser } from './engine-test-kit';
import type { Browser, MailboxApp } from './gmail-test-kit';
import type { MailServer, MailUser } from './mail-server-kit';
import { connectMicrosoftMailbox } from './microsoft-test-kit';

/** Connects an SMTP/IMAP mailbox of a new user of the test mail server; remembers its credentials. */
export function smtpConnector(server: MailServer, users: Map<string, MailUser>) {
  return async (browser: Browser) => {
    const user = server.addUser(`me-${randomUUID().slice(0, 8)}@mail.test`, `pw-${randomUUID()}`);
    users.set(user.email, user);
    const response = await browser.post('/api/mailboxes/smtp', {
      ...server.settingsFor(user),
      displayName: 'Me',
    });
    if (response.status !== 201) throw new Error(`connect SMTP: ${response.status} ${response.text}`);
    return user.email;
  };
}

/** Connects a Microsoft 365 mailbox through the sandbox Microsoft's consent round trip. */
export async function connectMicrosoft(browser: Browser) {
  const email = `rep-${randomUUID().slice(0, 8)}@contoso.example`;
  const { redirectTo } = await connectMicrosoftMailbox(browser, email);
  if (!redirectTo?.includes('connected')) throw new Error(`connect Microsoft: ${redirectTo}`);
  return email;
}

/**
 * Three send steps in one thread, linked by their not-opened outcome (a branch), each judged an hour after
 * it goes; step 1 at 10:00 on May 1, step 2 on May 2, step 3 on May 3.
 */
export async function threeStepSequence(
  u: EngineUser,
  people = 1,
  values: { senderAccountIds?: string[] } = {},
) {
  const templates = [
    await u.template('Intro for {{first_name|you}}', '<p>Hello {{name}}, {{unsubscribe_url}}</p>'),
    await u.template('Second', '<p>Following up</p>'),
    await u.template('Third', '<p>One last note</p>'),
  ];
  const sequence = await u.sequence(values);
  const steps = [];
  for (const [index, template] of templates.entries())
    steps.push(await u.step(sequence.id, index + 1, { templateId: template.id, reactionWindowHours: 1 }));
  await u.linkStep(steps[0]!.id, { notOpenedStepId: steps[1]!.id, notOpenedWaitDays: 1 });
  await u.linkStep(steps[1]!.id, { notOpenedStepId: steps[2]!.id, notOpenedWaitDays: 1 });
  const leads = [];
  for (let i = 0; i < people; i++) leads.push(await u.contact({ firstName: `Lead${i}` }));
  await u.list(sequence.id, leads);
  const launch = await u.launch(sequence.id);
  expect(launch.status, launch.text).toBe(200);
  return { sequence, steps, leads };
}

/** Runs the engine at the given instant (twice: a round judges, the next may send what it scheduled). */
export async function roundAt(env: MailboxApp, u: EngineUser, iso: string) {
  env.clock.set(new Date(iso));
  await runEngineRound(u.deps);
  await runEngineRound(u.deps);
}

export async function enrolmentOf(env: MailboxApp, contactId: string) {
  const [row] = await env.database.db
    .select()
    .from(sequenceContacts)
    .where(eq(sequenceContacts.contactId, contactId));
  return row!;
}

export async function contactRow(env: MailboxApp, contactId: string) {
  const [row] = await env.database.db.select().from(contacts).where(eq(contacts.id, contactId));
  return row!;
}

export async function mailboxRow(env: MailboxApp, id: string) {
  const [row] = await env.database.db.select().from(gmailAccounts).where(eq(gmailAccounts.id, id));
  return row!;
}

export async function sendsOf(env: MailboxApp, contactId: string) {
  return env.database.db
    .select()
    .from(emailSends)
    .where(eq(emailSends.contactId, contactId))
    .orderBy(emailSends.scheduledFor);
}

/** A plain reply from the lead to one of our messages. */
export function replyTo(
  from: string,
  to: string,
  messageId: string,
  text = 'Sounds good, call me Thursday.',
) {
  return [
    `From: Lead <${from}>`,
    `To: ${to}`,
    'Subject: Re: Intro',
    `Message-ID: <reply-${randomUUID()}@example.com>`,
    `In-Reply-To: ${messageId}`,
    `References: ${messageId}`,
    'Date: Thu, 01 May 2025 10:30:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    '',
  ].join('\r\n');
}

/**
 * An automatic reply as Exchange and Outlook send one: RFC 3834's Auto-Submitted, Exchange's
 * X-Auto-Response-Suppress and Thread-Topic, an "Automatic reply:" subject, a return date in the text.
 */
export function outOfOfficeReply(
  from: string,
  to: string,
  original: { messageId: string; subject: string },
  backOn: string,
) {
  return [
    `From: Lead <${from}>`,
    `To: ${to}`,
    `Subject: Automatic reply: ${original.subject}`,
    `Thread-Topic: ${original.subject}`,
    'Thread-Index: AQHbuYZ1nJ3yZ8pQ0kq1Vb2hRz9lWQ==',
    `Message-ID: <ooo-${randomUUID()}@fabrikam.example>`,
    `In-Reply-To: ${original.messageId}`,
    `References: ${original.messageId}`,
    'Date: Thu, 01 May 2025 11:15:00 +0000',
    'Auto-Submitted: auto-replied',
    'X-Auto-Response-Suppress: All',
    `X-MS-Exchange-Inbox-Rules-Loop: ${from}`,
    'Content-Language: en-US',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Thank you for your email. I am out of the office and will be back on ${backOn}.`,
    '',
  ].join('\r\n');
}

/** A delivery status notification: the lead's address does not exist (5.1.1). */
export function hardBounceOf(recipient: string, mailbox: string, messageId: string) {
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mail.test>',
    `To: ${mailbox}`,
    'Subject: Undelivered Mail Returned to Sender',
    `Message-ID: <bounce-${randomUUID()}@mail.test>`,
    'Date: Thu, 01 May 2025 10:01:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="dsn"',
    '',
    '--dsn',
    'Content-Type: text/plain',
    '',
    'Your message could not be delivered to one or more recipients.',
    '',
    '--dsn',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mail.test',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    'Action: failed',
    'Status: 5.1.1',
    'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
    '',
    '--dsn',
    'Content-Type: text/rfc822-headers',
    '',
    `Message-ID: ${messageId}`,
    `From: ${mailbox}`,
    `To: ${recipient}`,
    'Subject: Intro',
    '',
    '--dsn--',
    '',
  ].join('\r\n');
}
