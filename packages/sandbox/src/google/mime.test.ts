import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { bodiesOf, decodeWords, header, parseMime, partsTree } from './mime';
import { bounceMime, replyMime } from './simulate';

const sent = [
  'From: Sam Taylor <sam@northwind.example>',
  'To: lead@example.com',
  'Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?= =?UTF-8?B?IGF1cyBLw7Zsbg==?=',
  'Message-ID: <m1@northwind.example>',
  'Date: Thu, 01 May 2025 09:00:00 +0000',
  'MIME-Version: 1.0',
  'Content-Type: multipart/alternative; boundary="--_b1"',
  '',
  '----_b1',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Hallo, sch=C3=B6ne Gr=C3=BC=',
  '=C3=9Fe',
  '----_b1',
  'Content-Type: text/html; charset=utf-8',
  'Content-Transfer-Encoding: base64',
  '',
  Buffer.from('<p>Hallo</p>').toString('base64'),
  '----_b1--',
  '',
].join('\r\n');

const row = {
  id: 'abc',
  mailbox: 'owner-id:sam@northwind.example',
  address: 'sam@northwind.example',
  threadId: 'abc',
  historyId: '1',
  labelIds: ['SENT'],
  raw: sent,
  rfcMessageId: '<m1@northwind.example>',
  fromAddress: 'sam@northwind.example',
  toAddress: 'lead@example.com',
  subject: 'Grüße aus Köln',
  snippet: '',
  internalDate: new Date('2025-05-01T09:00:00Z'),
  openedAt: null,
  repliedAt: null,
  bouncedAt: null,
};

describe('the sandbox MIME reader', () => {
  it('reads headers, encoded words and both parts as mailparser does', async () => {
    const part = await parseMime(sent);
    const reference = await simpleParser(sent);
    expect(decodeWords(header(part.headers, 'subject') ?? '')).toBe(reference.subject);
    expect(part.mimeType).toBe('multipart/alternative');
    const bodies = bodiesOf(part);
    expect(bodies.text?.trimEnd()).toBe(reference.text?.trimEnd());
    expect(bodies.html).toBe(reference.html);
  });

  it('builds a reply and a DSN that mailparser reads', async () => {
    const reply = await simpleParser(await replyMime(row, new Date('2025-05-02T10:00:00Z'), 'Ja, gerne!'));
    expect(reply.subject).toBe('Re: Grüße aus Köln');
    expect(reply.inReplyTo).toBe('<m1@northwind.example>');
    expect(reply.text).toContain('Ja, gerne!');
    const dsn = await simpleParser(bounceMime(row, new Date('2025-05-02T10:00:00Z')));
    expect(dsn.subject).toBe('Delivery Status Notification (Failure)');
    expect(dsn.headers.get('x-failed-recipients')).toBe('lead@example.com');
    expect(dsn.text).toContain("Your message wasn't delivered to lead@example.com");
    const tree = partsTree(await parseMime(bounceMime(row, new Date())));
    expect(tree.parts.map((p) => p.mimeType)).toEqual([
      'text/plain',
      'message/delivery-status',
      'text/rfc822-headers',
    ]);
  });

  it('keeps the last part of a multipart whose closing boundary is missing, as Gmail does', async () => {
    const truncated = [
      'From: MAILER-DAEMON@mx.example.net',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="rb"',
      '',
      '--rb',
      'Content-Type: text/plain',
      '',
      'Delivery failed.',
      '--rb',
      'Content-Type: message/rfc822',
      '',
      'Message-ID: <sent-1@northwind.example>',
      'Subject: Hello',
      '',
      'The body stops here without a closing boundary',
    ].join('\r\n');
    const tree = partsTree(await parseMime(truncated));
    expect(tree.parts.map((p) => p.mimeType)).toEqual(['text/plain', 'message/rfc822']);
    expect(tree.parts[1]?.body.toString()).toContain('Message-ID: <sent-1@northwind.example>');
  });
});
