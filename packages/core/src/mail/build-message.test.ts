import { type AddressObject, simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { buildMessage, newMessageId } from './build-message';

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
