import { describe, expect, it } from 'vitest';
import { classifyInbound } from './classify-inbound';
import { MAILBOX, mail, ORIGINAL_ID, parseRaw } from './inbound-test-mail';

/**
 * Messages as mail servers outside the Sisimai corpus write them, built from the standards (RFC 3464
 * delivery reports, RFC 3834 automatic replies, RFC 5965 feedback reports) and the wording public bounce
 * parsers document; no third-party sample is copied here.
 */
const classify = async (raw: string) => classifyInbound(await parseRaw(raw), [MAILBOX]);
const kindOf = async (raw: string) => {
  const kind = await classify(raw);
  return kind.type === 'bounce' ? `bounce:${kind.bounce.kind}` : kind.type;
};

const daemon = {
  'Return-Path': '<>',
  From: 'Mail Delivery Subsystem <MAILER-DAEMON@mx1.fabrikam.example>',
  To: MAILBOX,
  Subject: 'Undelivered Mail Returned to Sender',
};

/** An RFC 3464 report: a generic or precise Status, with or without a Diagnostic-Code, and a banner. */
function dsn(status: string, diagnostic: string | null, prose = 'Your message could not be delivered.') {
  return mail(
    {
      ...daemon,
      'MIME-Version': '1.0',
      'Content-Type': 'multipart/report; report-type=delivery-status; boundary="r1"',
    },
    '--r1',
    'Content-Type: text/plain',
    '',
    prose,
    '--r1',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx1.fabrikam.example',
    '',
    'Final-Recipient: rfc822; pat@fabrikam.example',
    'Action: failed',
    `Status: ${status}`,
    ...(diagnostic ? [`Diagnostic-Code: smtp; ${diagnostic}`] : []),
    '--r1',
    'Content-Type: text/rfc822-headers',
    '',
    `Message-ID: ${ORIGINAL_ID}`,
    'Subject: Quick question',
    '--r1--',
  );
}

describe('the words say the address does not exist: hard, whatever the generic code', () => {
  it.each([
    ['550 ** No mail box available for this user **'],
    ['550 Requested action not taken: mailbox unavailable'],
    ['550 <pat@fabrikam.example> is not an active address at this host'],
    ['550 Invalid mailbox: pat@fabrikam.example'],
    ['550 BAD_RECIPIENT'],
    ['553 malformed address: pat@@fabrikam.example'],
    ['550 Odbiorca <pat@fabrikam.example> nie istnieje'],
    ['550 Empfänger unbekannt: pat@fabrikam.example'],
    ['550 El usuario pat@fabrikam.example no existe'],
    ["550 L'adresse pat@fabrikam.example n'existe pas"],
    ['550 Địa chỉ pat@fabrikam.example không tồn tại'],
    ['550 宛先のユーザは存在しません'],
    ['550 收件人地址不存在'],
  ])('Status 5.0.0 with "%s" is a hard bounce', async (diagnostic) => {
    expect(await kindOf(dsn('5.0.0', diagnostic))).toBe('bounce:hard');
  });

  it.each([
    ['550 5.2.1 The email account that you tried to reach is disabled.'],
    ['551 <pat@fabrikam.example> is a deactivated mailbox'],
    ['550 [SUSPEND] Mailbox currently suspended - Please contact correspondent directly'],
    ['554 This account has been disabled or discontinued'],
    ['550 Mailbox is frozen.'],
    ['550 Le compte du destinataire est bloqué.'],
    ['550 Das Konto ist deaktiviert.'],
  ])(
    'a suspended or disabled account ("%s") is hard: for outreach it does not come back',
    async (diagnostic) => {
      expect(await kindOf(dsn('5.0.0', diagnostic))).toBe('bounce:hard');
    },
  );

  it('5.2.1 without words is hard (mailbox disabled); 5.2.2 stays soft (mailbox full)', async () => {
    expect(await kindOf(dsn('5.2.1', null))).toBe('bounce:hard');
    expect(await kindOf(dsn('5.2.2', null))).toBe('bounce:soft');
  });

  it("a precise Status beats the words of a gateway's banner above it", async () => {
    const banner = '**** This email has been scanned for viruses and offensive content by the gateway ****';
    expect(await kindOf(dsn('5.1.1', null, banner))).toBe('bounce:hard');
  });

  it("the server's own answer beats the code: a full mailbox under 5.1.1 stays soft", async () => {
    expect(await kindOf(dsn('5.1.1', '552 Mailbox full'))).toBe('bounce:soft');
  });
});

describe('old-style notices without a DSN part: a failed recipient, failure words and the returned message', () => {
  /** A prose notice with a copy of our message after its own words. */
  const notice = (headers: Record<string, string>, ...words: string[]) =>
    mail(
      { To: MAILBOX, ...headers },
      ...words,
      '',
      '----- Original message -----',
      `Message-ID: ${ORIGINAL_ID}`,
      `From: ${MAILBOX}`,
      'To: pat@fabrikam.example',
      'Subject: Quick question',
      '',
      'Hi Pat, a quick question about your sales team.',
    );

  it('from an ordinary address with "RE:": a bounce, never a reply', async () => {
    const raw = notice(
      { From: 'IT Support <helpdesk@fabrikam.example>', Subject: 'RE: Quick question' },
      'Your message could not be delivered to the following recipient:',
      '  pat@fabrikam.example',
      'Reason: user unknown',
    );
    expect(await classify(raw)).toMatchObject({
      type: 'bounce',
      bounce: { kind: 'hard', recipient: 'pat@fabrikam.example' },
    });
    expect((await parseRaw(raw)).quotedMessageIds).toContain(ORIGINAL_ID);
  });

  it('a gateway\'s "Returned Mail - Error During Delivery"', async () => {
    const raw = notice(
      { From: 'gateway@mail.fabrikam.example', Subject: 'Returned Mail - Error During Delivery' },
      'An error occurred during delivery of your message to pat@fabrikam.example:',
      '550 Recipient address rejected: User unknown in local recipient table',
    );
    expect(await kindOf(raw)).toBe('bounce:hard');
  });

  it('a French/English bilingual notice with a quota failure is soft', async () => {
    const raw = notice(
      { From: 'postmaster@fabrikam.example', Subject: 'Message non remis / Undeliverable message' },
      "Votre message n'a pas pu être remis à pat@fabrikam.example.",
      'Your message to pat@fabrikam.example was rejected due to the user exceeding its mailbox quota.',
    );
    expect(await kindOf(raw)).toBe('bounce:soft');
  });

  it('an Exchange 5.x notice: "did not reach some or all of the intended recipients"', async () => {
    const raw = notice(
      { From: 'System Administrator <admin@fabrikam.example>', Subject: 'Undeliverable: Quick question' },
      'Your message did not reach some or all of the intended recipients.',
      '  The following recipient(s) could not be reached:',
      '    pat@fabrikam.example on 16/11/2026 17:10',
      '      The recipient name is not recognized',
    );
    expect(await kindOf(raw)).toBe('bounce:hard');
  });

  it('a gateway\'s "Mail Delivery Warning" sent as a reply is a delay, not a reply', async () => {
    const raw = notice(
      { From: 'mailgate@fabrikam.example', Subject: 'RE: Quick question' },
      'Mail Delivery Warning: this is a warning message only.',
      'Your message has not yet been delivered to pat@fabrikam.example. The system will keep trying.',
    );
    expect(await kindOf(raw)).toBe('delay');
  });

  it('a mail system naming a dead address without a copy is a bounce', async () => {
    const raw = mail(
      { 'Return-Path': '<>', From: '<>', To: MAILBOX, 'Auto-Submitted': 'auto-replied' },
      "You sent mail to pat@fabrikam.example. That's not a valid user here.",
    );
    expect(await kindOf(raw)).toBe('bounce:hard');
  });

  it('a person quoting our message and naming an address is still a reply', async () => {
    const raw = notice(
      { From: 'Pat <pat@fabrikam.example>', Subject: 'RE: Quick question' },
      'Thanks, please write to my colleague sam@fabrikam.example, she runs the sales team.',
    );
    expect(await kindOf(raw)).toBe('reply');
    const shipping = notice(
      { From: 'Pat <pat@fabrikam.example>', Subject: 'RE: Quick question' },
      'We had a delivery problem with our last order and the message was rejected by our portal;',
      'orders@fabrikam.example handles it now.',
    );
    expect(await kindOf(shipping)).toBe('reply');
  });
});

describe('automatic replies the body announces (RFC 3834 headers missing)', () => {
  it.each([
    ['Nieobecność: Quick question', 'I am out of the office until 2 December and will reply when I return.'],
    [
      'Отсутствие на работе',
      "I'm currently on annual leave until Monday 7 December with no access to email.",
    ],
    ['AUTO: Pat Lee is out of the office (returning 02/12/2026)', 'I will be back on 2 December.'],
    ['Re: Quick question', 'Note: This is an automated response to your message "Quick question".'],
    ['Abwesend', 'Ich bin bis zum 2. Dezember nicht im Büro.'],
    ['Ausencia', 'Estoy fuera de la oficina hasta el 2 de diciembre.'],
    ['Absence', 'Je suis absent du bureau jusqu’au 2 décembre.'],
    ['Vắng mặt', 'Tôi hiện đang nghỉ phép đến ngày 2 tháng 12.'],
    ['不在', '12月2日まで不在にしております。'],
    ['休假', '我目前正在休假，12月2日返回。'],
  ])('"%s" with "%s" is an automatic reply', async (subject, body) => {
    const raw = mail({ From: 'pat@fabrikam.example', To: MAILBOX, Subject: subject }, body);
    expect(await kindOf(raw)).toBe('auto_reply');
  });

  it('a person saying they are out tomorrow stays a reply', async () => {
    const raw = mail(
      { From: 'pat@fabrikam.example', To: MAILBOX, Subject: 'Re: Quick question' },
      'I am out of the office tomorrow, call me Friday.',
    );
    expect(await kindOf(raw)).toBe('reply');
  });

  it('a challenge-response request reported as a temporary failure is an automatic reply', async () => {
    const raw = mail(
      {
        From: 'noreply@guard.example',
        To: MAILBOX,
        Subject: 'Re: Quick question',
        'MIME-Version': '1.0',
        'Content-Type': 'multipart/report; report-type=delivery-status; boundary="c1"',
      },
      '--c1',
      'Content-Type: text/plain',
      '',
      "Please click the link below to have your address added to the recipient's allowed list.",
      '--c1',
      'Content-Type: message/delivery-status',
      '',
      'Final-Recipient: rfc822; pat@fabrikam.example',
      'Action: failed',
      'Status: 4.7.0',
      '--c1--',
    );
    expect(await kindOf(raw)).toBe('auto_reply');
  });
});

describe('complaints', () => {
  it('an ARF report whose parts lost their media types is still a complaint (RFC 5965 fields)', async () => {
    const raw = mail(
      { From: 'abuse@isp.example', To: MAILBOX, Subject: 'Abuse report', 'Auto-Submitted': 'auto-generated' },
      'This is an email abuse report for an email message received from IP 192.0.2.1.',
      '',
      'Feedback-Type: abuse',
      'User-Agent: ExampleFBL/1.0',
      'Version: 1',
      'Original-Mail-From: <alex@northwind-sales.example>',
    );
    expect(await classify(raw)).toEqual({ type: 'complaint', complaint: { feedbackType: 'abuse' } });
  });

  it("a Hotmail bounce returning an original with Hotmail's marker is a bounce, not a complaint", async () => {
    const raw = mail(
      {
        ...daemon,
        From: 'postmaster@hotmail.example',
        'MIME-Version': '1.0',
        'Content-Type': 'multipart/report; report-type=delivery-status; boundary="h1"',
      },
      '--h1',
      'Content-Type: text/plain',
      '',
      'Delivery to the following recipient failed permanently: pat@hotmail.example',
      '--h1',
      'Content-Type: message/delivery-status',
      '',
      'Final-Recipient: rfc822; pat@hotmail.example',
      'Action: failed',
      'Status: 5.5.0',
      'Diagnostic-Code: smtp; 550 Requested action not taken: mailbox unavailable',
      '--h1',
      'Content-Type: text/rfc822-headers',
      '',
      'X-HmXmrOriginalRecipient: <pat@hotmail.example>',
      `Message-ID: ${ORIGINAL_ID}`,
      '--h1--',
    );
    expect(await kindOf(raw)).toBe('bounce:hard');
  });
});
