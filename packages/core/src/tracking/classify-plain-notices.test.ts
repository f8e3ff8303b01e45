import { describe, expect, it } from 'vitest';
import { classifyInbound } from './classify-inbound';
import { MAILBOX, mail, ORIGINAL_ID, parseRaw } from './inbound-test-mail';

/**
 * Plain-text delivery notices of old mail servers and mailing-list managers: no DSN part, no
 * machine-readable status, a body that reads like a letter. Written here in the shapes such servers use;
 * no third-party sample is copied.
 */
const classify = async (raw: string) => classifyInbound(await parseRaw(raw), [MAILBOX]);
const kindOf = async (raw: string) => {
  const kind = await classify(raw);
  return kind.type === 'bounce' ? `bounce:${kind.bounce.kind}` : kind.type;
};

/** Our message as such notices quote it: indented or '>'-quoted header lines, then the text. */
const quotedOriginal = (prefix: string) => [
  `${prefix}Message-ID: ${ORIGINAL_ID}`,
  `${prefix}From: Alex <${MAILBOX}>`,
  `${prefix}To: pat@fabrikam.example`,
  `${prefix}Subject: Quick question`,
  prefix.trimEnd(),
  `${prefix}Hi Pat, a quick question about your sales team.`,
];

describe('an old server or list manager writing a notice like a letter: a bounce, never a reply', () => {
  it('"your message reads (in part)" with the original indented', async () => {
    const raw = mail(
      { From: 'Fabrikam Mail <mail@fabrikam.example>', To: MAILBOX, Subject: 'Quick question' },
      'Hello,',
      '',
      'We are sorry, but your message cannot be delivered to pat@fabrikam.example: unknown user.',
      'Please check the address and try again.',
      '',
      'Your message reads (in part):',
      '',
      ...quotedOriginal('  '),
    );
    expect(await classify(raw)).toMatchObject({
      type: 'bounce',
      bounce: { kind: 'hard', recipient: 'pat@fabrikam.example' },
    });
    expect((await parseRaw(raw)).quotedMessageIds).toContain(ORIGINAL_ID);
  });

  it("a list manager's notice quoting our message with '>'", async () => {
    const raw = mail(
      { From: 'Majordomo <majordomo@lists.fabrikam.example>', To: MAILBOX, Subject: 'Re: Quick question' },
      'Your message to sales@lists.fabrikam.example was not distributed to one member:',
      '',
      '    pat@fabrikam.example: no such user here',
      '',
      ...quotedOriginal('> '),
    );
    expect(await kindOf(raw)).toBe('bounce:hard');
  });

  it('a LISTSERV notice without a copy, naming the address and the failure', async () => {
    const raw = mail(
      {
        From: 'L-Soft list server <LISTSERV@lists.fabrikam.example>',
        To: MAILBOX,
        Subject: 'Quick question',
      },
      'The message you sent could not be delivered to pat@fabrikam.example.',
      'The remote server answered: mailbox unavailable.',
    );
    expect(await kindOf(raw)).toBe('bounce:hard');
  });
});

describe('when unsure, a notice is unclassified rather than a reply', () => {
  it('a failed address and robot wording, from an ordinary address, without a copy', async () => {
    const raw = mail(
      { From: 'office@fabrikam.example', To: MAILBOX, Subject: 'Re: Quick question' },
      'Your mail to pat@fabrikam.example could not be delivered: unknown user.',
    );
    expect(await kindOf(raw)).toBe('unclassified');
  });

  it("a delivery failure next to the quoted original's Message-ID, without a failed address", async () => {
    const raw = mail(
      { From: 'office@fabrikam.example', To: MAILBOX, Subject: 'Quick question' },
      'This message was undeliverable.',
      '',
      ...quotedOriginal('> '),
    );
    expect(await kindOf(raw)).not.toBe('reply');
  });

  it('a person writing about delivery stays a reply', async () => {
    const replies = [
      ['My old address pat@old.example is no longer read, please use pat@fabrikam.example from now on.'],
      ['Your email to my old address pat@old.example could not be delivered, they forwarded it to me.'],
      ['Thanks! The parcel could not be delivered on Monday, can you resend to orders@fabrikam.example?'],
      ['Sorry, I am not the right person. Sam (sam@fabrikam.example) handles sales.'],
      ['The user unknown to us is the one in your CRM. Can we talk on Tuesday?'],
    ];
    for (const body of replies) {
      const raw = mail(
        { From: 'Pat <pat@fabrikam.example>', To: MAILBOX, Subject: 'RE: Quick question' },
        ...body,
        '',
        '-----Original Message-----',
        `From: Alex <${MAILBOX}>`,
        'To: Pat <pat@fabrikam.example>',
        'Subject: Quick question',
        '',
        'Hi Pat, a quick question about your sales team.',
      );
      expect(await kindOf(raw), body[0]).toBe('reply');
    }
  });
});

describe('hard or soft in text-only notices: words about the address beat a generic code', () => {
  /** A notice from a mail system, its words and a copy of our message. */
  const notice = (...words: string[]) =>
    mail(
      { From: 'MAILER-DAEMON@mx.fabrikam.example', To: MAILBOX, Subject: 'Returned mail' },
      ...words,
      '',
      '--- Below this line is a copy of the message.',
      `Message-ID: ${ORIGINAL_ID}`,
      'Subject: Quick question',
    );

  it.each([
    ['550 5.0.0 Requested action not taken: mailbox unavailable (policy check: no local user)'],
    ['550 Mailbox unavailable or access denied - <pat@fabrikam.example>'],
    ['5.0.0 <pat@fabrikam.example>... User unknown; rejected by the spam gateway of fabrikam.example'],
    ['550 No such user - psmtp'],
    ['The account or domain may not exist, they may be blacklisted, or missing the proper dns entries.'],
  ])('"%s" is hard', async (words) => {
    const raw = notice('Your message could not be delivered to pat@fabrikam.example.', words);
    expect(await kindOf(raw)).toBe('bounce:hard');
  });

  it.each([
    ['550 Relaying denied'],
    ["553 sorry, that domain isn't in my list of allowed rcpthosts (#5.7.1)"],
    ['553 you are trying to use me as a relay, but I have not been configured to let you do this'],
    ['554 5.7.1 <pat@fabrikam.example>: Relay access denied'],
    ['550 Unable to relay for pat@fabrikam.example'],
  ])(
    "a relay refusal of the recipient's server (%s) is hard: it takes no mail for that domain",
    async (words) => {
      const raw = notice('Your message could not be delivered to pat@fabrikam.example.', words);
      expect(await kindOf(raw)).toBe('bounce:hard');
    },
  );

  it.each([
    ['550 5.7.1 Relaying denied. Proper authentication required.'],
    ['554 Relay access denied: the sending IP is listed on a block list (Spamhaus)'],
    ['501 5.7.1 This system is not configured to relay mail from <alex@northwind-sales.example>'],
    ['550 5.7.1 Message rejected as spam by the content filter'],
    ['550 5.7.1 Rejected by policy: your domain fails DMARC'],
    ['550 5.7.1 Requested action not taken: mailbox unavailable. Your IP is listed at Spamhaus'],
  ])('a refusal that blames the sender (%s) stays sender-side', async (words) => {
    const raw = notice('Your message could not be delivered to pat@fabrikam.example.', words);
    expect(await kindOf(raw)).toBe('bounce:sender');
  });

  it('a full mailbox and a temporary failure stay soft', async () => {
    expect(await kindOf(notice('pat@fabrikam.example: 552 Mailbox full'))).toBe('bounce:soft');
    expect(await kindOf(notice('pat@fabrikam.example: 450 mailbox unavailable, try again later'))).toBe(
      'bounce:soft',
    );
  });
});

describe('what a report says, read as its server wrote it', () => {
  /** A report whose delivery-status part gives `diagnostic` as the failed recipient's answer. */
  const report = (diagnostic: string) =>
    mail(
      {
        'Return-Path': '<>',
        From: 'MAILER-DAEMON@mx.fabrikam.example',
        To: MAILBOX,
        Subject: 'DELIVERY FAILURE',
        'MIME-Version': '1.0',
        'Content-Type': 'multipart/report; report-type=delivery-status; boundary="r1"',
      },
      '--r1',
      'Content-Type: text/plain',
      '',
      'Your message was not delivered.',
      '--r1',
      'Content-Type: message/delivery-status',
      '',
      'Final-Recipient: rfc822; pat@fabrikam.example',
      'Action: failed',
      'Status: 5.0.0',
      `Diagnostic-Code: X-Notes; ${diagnostic}`,
      '--r1--',
    );

  it("a Japanese Domino answer in ISO-2022-JP ('not in the directory') is hard", async () => {
    // ESC $ B ... ESC ( B: 'ユーザー' and 'ディレクトリには見つかりません' in JIS X 0208.
    const user = '\x1b$B%f!<%6!<\x1b(B';
    const notFound = '\x1b$B%G%#%l%/%H%j$K$O8+$D$+$j$^$;$s\x1b(B';
    expect(await kindOf(report(`${user}Pat (pat@fabrikam.example) Domino ${notFound}`))).toBe('bounce:hard');
  });

  it("Exim's words for a null MX are hard", async () => {
    const raw = mail(
      { From: 'MAILER-DAEMON@mx.fabrikam.example', To: MAILBOX, Subject: 'Mail delivery failed' },
      'A message that you sent could not be delivered to one or more of its',
      'recipients. This is a permanent error. The following address(es) failed:',
      '',
      '  pat@fabrikam.example',
      '    an MX or SRV record indicated no SMTP service',
    );
    expect(await kindOf(raw)).toBe('bounce:hard');
  });

  it("the first failed recipient's answer is read alone, not with the next recipient's", async () => {
    const raw = mail(
      { From: 'MAILER-DAEMON@mx.fabrikam.example', To: MAILBOX, Subject: 'Delivery status notification' },
      'Hi!',
      'This is the MAILER-DAEMON, please DO NOT REPLY to this email.',
      'An error has occurred while attempting to deliver a message for the following list of recipients:',
      '',
      'pat@fabrikam.example: 552 5.2.2 <pat@fabrikam.example>... Mailbox Full',
      'sam@fabrikam.example: 550 5.1.1 <sam@fabrikam.example>... User Unknown',
    );
    expect(await classify(raw)).toMatchObject({
      type: 'bounce',
      bounce: { kind: 'soft', recipient: 'pat@fabrikam.example' },
    });
  });
});
