import { describe, expect, it } from 'vitest';
import { autoReplyReason } from './auto-reply-detection';
import { classifyInbound } from './classify-inbound';
import { fixture, MAILBOX, mail, ORIGINAL_ID, parseRaw } from './inbound-test-mail';

const daemon = {
  'Return-Path': '<>',
  From: 'Mail Delivery System <MAILER-DAEMON@mx1.fabrikam.example>',
  To: MAILBOX,
  Date: 'Mon, 16 Nov 2026 17:10:00 +0000',
};

/** A multipart/report around a delivery-status part; `reportType` false leaves the parameter out. */
function dsn(status: string, diagnostic: string, options: { action?: string; reportType?: boolean } = {}) {
  const type =
    options.reportType === false ? 'multipart/report' : 'multipart/report; report-type=delivery-status';
  return mail(
    {
      ...daemon,
      Subject: 'Undelivered Mail Returned to Sender',
      'MIME-Version': '1.0',
      'Content-Type': `${type}; boundary="r1"`,
    },
    '--r1',
    'Content-Type: text/plain',
    '',
    'Your message could not be delivered to one or more recipients.',
    '--r1',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx1.fabrikam.example',
    '',
    'Final-Recipient: rfc822; pat@fabrikam.example',
    `Action: ${options.action ?? 'failed'}`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; ${diagnostic}`,
    '--r1',
    'Content-Type: text/rfc822-headers',
    '',
    `Message-ID: ${ORIGINAL_ID}`,
    'Subject: Quick question about your sales team',
    '--r1--',
  );
}

describe('classifyInbound: delivery reports', () => {
  it('Exchange DSN: a hard bounce 5.1.10 naming the recipient and the original Message-ID', async () => {
    const message = await fixture('exchange-dsn.eml');
    expect(classifyInbound(message, [MAILBOX])).toEqual({
      type: 'bounce',
      bounce: {
        kind: 'hard',
        status: '5.1.10',
        recipient: 'nobody@contoso.example',
        diagnostic: '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup',
      },
    });
    expect(message.quotedMessageIds).toContain(ORIGINAL_ID);
  });

  it('Gmail DSN: a hard bounce 5.1.1 whose folded diagnostic is read whole', async () => {
    const message = await fixture('gmail-dsn.eml');
    const kind = classifyInbound(message, [MAILBOX]);
    expect(kind).toMatchObject({
      type: 'bounce',
      bounce: { kind: 'hard', status: '5.1.1', recipient: 'no-such-user@gmail.com' },
    });
    expect(kind.type === 'bounce' && kind.bounce.diagnostic).toContain('550 5.1.1 unnecessary spaces');
    expect(message.quotedMessageIds).toEqual([ORIGINAL_ID]);
  });

  it('a delay notice is a delay, not a bounce', async () => {
    expect(classifyInbound(await fixture('gmail-dsn-delayed.eml'), [MAILBOX])).toMatchObject({
      type: 'delay',
      status: '4.2.2',
    });
    const delayed = await parseRaw(dsn('4.4.1', '421 4.4.1 Connection timed out', { action: 'delayed' }));
    expect(classifyInbound(delayed, [MAILBOX]).type).toBe('delay');
  });

  it('a report of a successful delivery changes nothing', async () => {
    const delivered = await parseRaw(dsn('2.0.0', '250 2.0.0 Ok: queued', { action: 'delivered' }));
    expect(classifyInbound(delivered, [MAILBOX]).type).toBe('own');
  });

  it.each([
    ['5.7.1', '550 5.7.1 Message rejected as spam by the content filter', 'sender'],
    ['5.7.26', '550 5.7.26 Unauthenticated email is not accepted: DMARC check failed', 'sender'],
    ['5.2.2', '552 5.2.2 The recipient mailbox is full', 'soft'],
    ['5.2.3', '552 5.2.3 Message size exceeds the fixed maximum message size', 'soft'],
    ['4.7.0', '421 4.7.0 Try again later', 'soft'],
    ['5.1.1', '550 5.1.1 No such user here', 'hard'],
    ['5.1.10', '550 5.1.10 Recipient not found', 'hard'],
    ['5.7.1', '550 5.7.1 Recipient address rejected: Access denied', 'hard'],
  ])('status %s "%s" is %s', async (status, diagnostic, kind) => {
    const message = await parseRaw(dsn(status, diagnostic));
    expect(classifyInbound(message, [MAILBOX])).toMatchObject({
      type: 'bounce',
      bounce: { kind, status, recipient: 'pat@fabrikam.example' },
    });
  });

  it('a multipart/report without its report-type parameter is still read', async () => {
    const message = await parseRaw(dsn('5.1.1', '550 5.1.1 User unknown', { reportType: false }));
    expect(classifyInbound(message, [MAILBOX])).toMatchObject({
      type: 'bounce',
      bounce: { kind: 'hard', status: '5.1.1' },
    });
    expect(message.quotedMessageIds).toEqual([ORIGINAL_ID]);
  });

  it('a prose-only report without a status code is recognised by its sender and words', async () => {
    const raw = mail(
      { ...daemon, Subject: 'failure notice' },
      'This is the mail transport at mx1.fabrikam.example.',
      'Your message could not be delivered to the following address:',
      '',
      '<pat@fabrikam.example>:',
      'The mailbox does not exist here.',
      '',
      '--- A copy of the returned message follows.',
      '',
      `Message-ID: ${ORIGINAL_ID}`,
      'Subject: This mentions spam and quota, which must not count',
    );
    const message = await parseRaw(raw);
    expect(classifyInbound(message, [MAILBOX])).toMatchObject({
      type: 'bounce',
      bounce: { kind: 'hard', status: '5.0.0', recipient: 'pat@fabrikam.example' },
    });
    expect(message.quotedMessageIds).toEqual([ORIGINAL_ID]);
  });

  it('"retry timeout exceeded" without a code is soft', async () => {
    const raw = mail(
      { ...daemon, Subject: 'Mail delivery failed: returning message to sender' },
      'This message was created automatically by mail delivery software.',
      'A message that you sent could not be delivered to one or more of its recipients.',
      '',
      '  pat@fabrikam.example',
      '    retry timeout exceeded',
    );
    expect(classifyInbound(await parseRaw(raw), [MAILBOX])).toMatchObject({
      type: 'bounce',
      bounce: { kind: 'soft' },
    });
  });

  it('in a transcript, the failure is the code next to the failure, not an earlier 250 2.0.0', async () => {
    const raw = mail(
      { ...daemon, Subject: 'Returned mail: see transcript for details' },
      'The original message was received at Mon, 16 Nov 2026 17:09:58 +0000.',
      '',
      '   ----- The following addresses had permanent fatal errors -----',
      '<pat@fabrikam.example>',
      '',
      '   ----- Transcript of session follows -----',
      '>>> MAIL From:<alex@northwind-sales.example>',
      '<<< 250 2.0.0 Ok',
      '>>> DATA',
      '<<< 552 5.2.2 Mailbox full, quota exceeded',
    );
    expect(classifyInbound(await parseRaw(raw), [MAILBOX])).toMatchObject({
      type: 'bounce',
      bounce: { kind: 'soft', status: '5.2.2', recipient: 'pat@fabrikam.example' },
    });
  });

  it('the returned message is found when its closing boundary is missing', async () => {
    const raw = mail(
      {
        ...daemon,
        Subject: 'Undeliverable: Quick question',
        'Content-Type': 'multipart/mixed; boundary="t1"',
      },
      '--t1',
      'Content-Type: text/plain',
      '',
      'Delivery has failed to these recipients: pat@fabrikam.example. User unknown.',
      '--t1',
      'Content-Type: message/rfc822',
      '',
      'From: alex@northwind-sales.example',
      `Message-ID: ${ORIGINAL_ID}`,
      'Subject: Quick question',
      '',
      'Hi Pat, the body of the original is cut he',
    );
    const message = await parseRaw(raw);
    expect(message.quotedMessageIds).toEqual([ORIGINAL_ID]);
    expect(classifyInbound(message, [MAILBOX])).toMatchObject({ type: 'bounce', bounce: { kind: 'hard' } });
  });
  it('an Amazon SES bounce notification mailed by SNS is a bounce, its complaint a complaint', async () => {
    const headers = { From: 'no-reply@sns.amazonaws.com', To: MAILBOX, Subject: 'AWS Notification Message' };
    const bounce = mail(
      headers,
      '{"notificationType":"Bounce","bounce":{"bounceType":"Permanent","bouncedRecipients":[{"emailAddress":"Pat@Fabrikam.example","status":"5.1.1","diagnosticCode":"smtp; 550 5.1.1 mailbox unavailable"}]}}',
    );
    expect(classifyInbound(await parseRaw(bounce), [MAILBOX])).toEqual({
      type: 'bounce',
      bounce: {
        kind: 'hard',
        status: '5.1.1',
        recipient: 'pat@fabrikam.example',
        diagnostic: '550 5.1.1 mailbox unavailable',
      },
    });
    const complaint = mail(
      headers,
      '{"notificationType":"Complaint","complaint":{"complaintFeedbackType":"abuse"}}',
    );
    expect(classifyInbound(await parseRaw(complaint), [MAILBOX])).toEqual({
      type: 'complaint',
      complaint: { feedbackType: 'abuse' },
    });
  });
});

describe('classifyInbound: complaints', () => {
  it('an ARF feedback report is a complaint', async () => {
    expect(classifyInbound(await fixture('yahoo-complaint.eml'), [MAILBOX])).toEqual({
      type: 'complaint',
      complaint: { feedbackType: 'abuse' },
    });
  });

  it("Outlook.com's complaint notice without ARF is a complaint", async () => {
    const raw = mail(
      {
        From: 'staff@hotmail.com',
        To: MAILBOX,
        Subject: 'complaint about message from 203.0.113.7',
        'Content-Type': 'multipart/mixed; boundary="c1"',
      },
      '--c1',
      'Content-Type: message/rfc822',
      '',
      'X-HmXmrOriginalRecipient: pat@outlook.example',
      `Message-ID: ${ORIGINAL_ID}`,
      '',
      'Hi Pat',
      '--c1--',
    );
    const message = await parseRaw(raw);
    expect(classifyInbound(message, [MAILBOX])).toEqual({
      type: 'complaint',
      complaint: { feedbackType: 'abuse' },
    });
    expect(message.quotedMessageIds).toEqual([ORIGINAL_ID]);
  });

  it("a mail client's unsubscribe notice is an opt-out, before its Auto-Submitted header", async () => {
    const raw = mail(
      {
        From: 'pat@icloud.example',
        To: MAILBOX,
        Subject: 'unsubscribe',
        'Auto-Submitted': 'auto-replied',
        'X-Apple-Unsubscribe': 'true',
      },
      'The mail app sent this message to unsubscribe from your list.',
    );
    expect(classifyInbound(await parseRaw(raw), [MAILBOX])).toEqual({
      type: 'complaint',
      complaint: { feedbackType: 'opt-out' },
    });
  });
});

describe('classifyInbound: automatic replies and people', () => {
  it('Gmail vacation responder: an auto-reply by its Auto-Submitted header', async () => {
    const message = await fixture('gmail-out-of-office.eml');
    expect(classifyInbound(message, [MAILBOX])).toEqual({
      type: 'auto_reply',
      reason: 'Auto-Submitted: auto-replied',
    });
    expect(message.text).toContain('I am away until November 30th');
  });

  it('Outlook automatic reply: an auto-reply', async () => {
    expect(classifyInbound(await fixture('outlook-automatic-reply.eml'), [MAILBOX]).type).toBe('auto_reply');
  });

  it('a helpdesk acknowledgement and a challenge-response request are automatic replies', async () => {
    const ticket = mail(
      { From: 'support@fabrikam.example', To: MAILBOX, Subject: '[Ticket #48213] Quick question' },
      'Thanks for writing in. This is an automated response: a support ticket has been created and our team will get back to you.',
    );
    expect(autoReplyReason(await parseRaw(ticket))).toBe('Helpdesk acknowledgement');
    const challenge = mail(
      { From: 'pat@fabrikam.example', To: MAILBOX, Subject: 'Re: Quick question' },
      'My mailbox is protected by a sender check. Please confirm you are human by clicking the link below.',
    );
    expect(autoReplyReason(await parseRaw(challenge))).toBe('Challenge-response');
  });

  it('an automated message matching no rule is unclassified, never a reply', async () => {
    const raw = mail(
      { From: 'no-reply@fabrikam.example', To: MAILBOX, Subject: 'Your account summary' },
      'Here is your weekly summary.',
    );
    expect(classifyInbound(await parseRaw(raw), [MAILBOX])).toMatchObject({ type: 'unclassified' });
    const listManager = mail(
      {
        From: 'sales-list-admin@fabrikam.example',
        To: MAILBOX,
        Subject: 'You are not a member of sales-list',
      },
      'Only members may post to this list.',
    );
    expect(classifyInbound(await parseRaw(listManager), [MAILBOX])).toMatchObject({ type: 'unclassified' });
  });

  it('a person who writes "out of office" in the body is a reply', async () => {
    const message = await fixture('human-reply-quoting-ooo.eml');
    expect(autoReplyReason(message)).toBeNull();
    expect(classifyInbound(message, [MAILBOX])).toEqual({ type: 'reply' });
    const tomorrow = mail(
      {
        From: 'Pat Lee <pat@fabrikam.example>',
        To: MAILBOX,
        Subject: 'Re: Quick question',
        'In-Reply-To': ORIGINAL_ID,
      },
      'I am out of the office tomorrow, call me Friday.',
    );
    expect(classifyInbound(await parseRaw(tomorrow), [MAILBOX])).toEqual({ type: 'reply' });
  });

  it("the mailbox's own messages are not replies", async () => {
    expect(
      classifyInbound(await fixture('human-reply-quoting-ooo.eml'), ['Jamie.Rivera@gmail.com']).type,
    ).toBe('own');
    expect(classifyInbound(await fixture('human-reply-quoting-ooo.eml', ['SENT']), [MAILBOX]).type).toBe(
      'own',
    );
  });
});

describe('autoReplyReason', () => {
  const message = (subject: string, headers: Record<string, string> = {}) =>
    parseRaw(mail({ From: 'pat@fabrikam.example', To: MAILBOX, Subject: subject, ...headers }, 'Thanks.'));

  it.each([
    'Out of Office: Quick question',
    'Automatic reply: Quick question',
    'Trả lời tự động: Quick question',
    '自動応答: Quick question',
    'Respuesta automática: Quick question',
    'Réponse automatique : Quick question',
    'Abwesenheitsnotiz: Quick question',
    'Automatische Antwort: Quick question',
    '自动回复: Quick question',
  ])('an out-of-office subject: %s', async (subject) => {
    expect(autoReplyReason(await message(subject))).toBe('Out-of-office subject');
  });

  it.each([
    [{ 'Auto-Submitted': 'auto-generated' }, 'Auto-Submitted: auto-generated'],
    [{ 'X-Autoreply': 'yes' }, 'X-Autoreply'],
    [{ 'X-Autorespond': 'Out of office' }, 'X-Autorespond'],
    [{ Precedence: 'auto_reply' }, 'Precedence: auto_reply'],
    [{ Precedence: 'bulk' }, 'Precedence: bulk'],
    [{ Precedence: 'junk' }, 'Precedence: junk'],
    [{ Precedence: 'list' }, 'Precedence: list'],
  ])('headers %o', async (headers, reason) => {
    expect(autoReplyReason(await message('Re: Quick question', headers))).toBe(reason);
  });

  it("Exchange's marker with an automatic subject", async () => {
    const reply = await message('Automatic reply: Quick question', {
      'X-MS-Exchange-Inbox-Rules-Loop': MAILBOX,
    });
    expect(autoReplyReason(reply)).toBe('x-ms-exchange-inbox-rules-loop');
  });

  it('Auto-Submitted: no and ordinary subjects are a person', async () => {
    expect(autoReplyReason(await message('Re: Out of office plans?', { 'Auto-Submitted': 'no' }))).toBeNull();
    expect(autoReplyReason(await message('Re: Quick question', { Precedence: 'first-class' }))).toBeNull();
  });
});
