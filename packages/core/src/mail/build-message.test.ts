import { type AddressObject, simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { describe, expect, it } from 'vitest';
import { buildMessage, newMessageId, type OutgoingMessage } from './build-message';

const date = new Date('2025-05-01T09:30:00Z');
const base = {
  from: { name: 'Zoë Müller', address: 'zoe@acme-labs.example' },
  to: { name: 'Lena Lead', address: 'lena@example.com' },
  subject: 'Grüße aus Köln – 5 Ideen für Ihr Team 🚀',
  html: '<p>Hallo Lena,</p><p>kurze Frage: <a href="https://acme-labs.example/x">hier</a>.</p>',
  text: 'Hallo Lena,\n\nkurze Frage: https://acme-labs.example/x',
  date,
  messageId: newMessageId('zoe@acme-labs.example', date),
};

describe('buildMessage (checked with mailparser)', () => {
  it('carries every header and both parts, and the UTF-8 subject round-trips', async () => {
    const parsed = await simpleParser(
      await buildMessage({ ...base, unsubscribeUrl: 'https://app.example.com/u/abc' }),
    );
    expect((parsed.from as AddressObject).value).toEqual([
      { name: 'Zoë Müller', address: 'zoe@acme-labs.example' },
    ]);
    expect((parsed.to as AddressObject).value).toEqual([{ name: 'Lena Lead', address: 'lena@example.com' }]);
    expect(parsed.subject).toBe(base.subject);
    expect(parsed.date?.toISOString()).toBe(date.toISOString());
    expect(parsed.messageId).toBe(base.messageId);
    expect(parsed.messageId).toMatch(/@acme-labs\.example>$/);
    expect(parsed.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(parsed.text?.trim()).toBe(base.text);
    expect(parsed.html).toContain('<a href="https://acme-labs.example/x">hier</a>');
    const line = (key: string) => parsed.headerLines.find((h) => h.key === key)?.line;
    expect(line('list-unsubscribe')).toBe('List-Unsubscribe: <https://app.example.com/u/abc>');
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('leaves List-Unsubscribe out without an unsubscribe URL, and threads a follow-up', async () => {
    const first = '<a.1@acme-labs.example>';
    const parsed = await simpleParser(
      await buildMessage({ ...base, inReplyTo: first, references: ['<root@acme-labs.example>', first] }),
    );
    expect(parsed.headers.has('list-unsubscribe')).toBe(false);
    expect(parsed.inReplyTo).toBe(first);
    expect(parsed.references).toEqual(['<root@acme-labs.example>', first]);
  });

  it('never lets a subject or a name break into a new header', async () => {
    const raw = (
      await buildMessage({
        ...base,
        subject: 'Hello\r\nBcc: victim@example.com',
        to: { name: 'Eve\nX-Injected: 1', address: 'eve@example.com' },
      })
    ).toString('utf8');
    expect(raw).not.toMatch(/^Bcc:/m);
    expect(raw).not.toMatch(/^X-Injected:/m);
  });

  it('makes a unique Message-ID on the sender domain', () => {
    const a = newMessageId('sam@Northwind.example', date);
    expect(a).toMatch(/^<[a-z0-9]+\.[0-9a-f]{24}@northwind\.example>$/);
    expect(newMessageId('sam@northwind.example', date)).not.toBe(a);
  });
});

/** The message as nodemailer's MailComposer builds it from the same input (what buildMessage must equal). */
function composedByNodemailer(message: OutgoingMessage): Promise<Buffer> {
  const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();
  const headers: Record<string, { prepared: true; value: string }> = {};
  if (message.unsubscribeUrl) {
    headers['List-Unsubscribe'] = { prepared: true, value: `<${oneLine(message.unsubscribeUrl)}>` };
    headers['List-Unsubscribe-Post'] = { prepared: true, value: 'List-Unsubscribe=One-Click' };
  }
  const toName = message.to.name ? oneLine(message.to.name) : '';
  return new MailComposer({
    from: { name: oneLine(message.from.name), address: message.from.address },
    to: toName ? { name: toName, address: message.to.address } : message.to.address,
    subject: oneLine(message.subject),
    text: message.text,
    html: message.html,
    date: message.date,
    messageId: message.messageId,
    inReplyTo: message.inReplyTo ?? undefined,
    references: message.references?.length ? message.references : undefined,
    headers,
    textEncoding: 'quoted-printable',
  })
    .compile()
    .build();
}

const boundaryOf = (raw: string) => /boundary="([^"]+)"/.exec(raw)?.[1];

describe('buildMessage writes the same bytes as nodemailer’s MailComposer', () => {
  const longLine = `${'Wir helfen Teams, schneller zu liefern. '.repeat(4)}https://acme-labs.example/${'x'.repeat(90)}`;
  const cases: [string, Partial<OutgoingMessage>][] = [
    ['UTF-8 names and subject, one-click unsubscribe', { unsubscribeUrl: 'https://app.example.com/u/abc' }],
    [
      'plain ASCII, no names',
      {
        from: { name: '', address: 'box@x.example' },
        to: { address: 'lena@example.com' },
        subject: 'Hello',
        html: '<p>Hi</p>',
        text: 'Hi',
      },
    ],
    [
      'quoted and special names, an IDN domain, an upper-case domain',
      {
        from: { name: 'Sam (Sales) O\'Neil, "Acme"', address: 'sam@ACME-Labs.Example' },
        to: { name: 'Lena "L" Lead, Jr.', address: 'lena@jõgeva.ee' },
      },
    ],
    [
      'long lines, trailing spaces, tabs, CRLF and = in the bodies',
      {
        text: `Hallo Lena, \nTab\there\r\nA = B, 100% sicher.\n${longLine}\n`,
        html: `<p style="margin:0">${longLine} é</p>\n<p>a\t</p>`,
      },
    ],
    [
      'a follow-up with its thread',
      {
        subject: 'Re: Grüße aus Köln',
        inReplyTo: '<a.1@acme-labs.example>',
        references: ['<root@acme-labs.example>', 'bare@acme-labs.example', '<a.1@acme-labs.example>'],
      },
    ],
    ['only HTML', { text: '' }],
    ['only text', { html: '', text: 'Just text, ünïcode.' }],
    ['no body at all', { html: '', text: '' }],
    ['an empty subject', { subject: '  ' }],
    [
      'a long ASCII subject that folds',
      { subject: `Quick question about ${'your roadmap and '.repeat(8)}Q3` },
    ],
    [
      'line breaks where headers could be injected',
      {
        subject: 'Hello\r\nBcc: victim@example.com',
        to: { name: 'Eve\nX-Injected: 1', address: 'eve@example.com' },
        unsubscribeUrl: 'https://app.example.com/u/abc\r\nX-Other: 1',
      },
    ],
  ];
  it.each(cases)('%s', async (_name, change) => {
    const message = { ...base, ...change } as OutgoingMessage;
    const ours = (await buildMessage(message)).toString('utf8');
    const theirs = (await composedByNodemailer(message)).toString('utf8');
    const ourBoundary = boundaryOf(ours);
    const theirBoundary = boundaryOf(theirs);
    expect(ourBoundary === undefined).toBe(theirBoundary === undefined);
    const aligned = ourBoundary && theirBoundary ? ours.replaceAll(ourBoundary, theirBoundary) : ours;
    expect(aligned).toBe(theirs);
  });
});
