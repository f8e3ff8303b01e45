import type { contacts } from '@prospector/db';
import { describe, expect, it } from 'vitest';
import type { TemplateRow } from '../templates/template-store';
import { renderContactOf, renderSend, withOpenPixel } from './render-send';

type ContactRow = typeof contacts.$inferSelect;
const contact = (values: Partial<ContactRow>) =>
  ({ email: 'ada@example.com', firstName: null, lastName: null, name: null, ...values }) as ContactRow;
const template = {
  subject: 'Hi {{first_name|there}}',
  htmlBody: '<html><body><p>Hello {{name}}</p><a href="{{unsubscribe_url}}">Unsubscribe</a></body></html>',
  plainTextBody: null,
} as TemplateRow;

describe('rendering a sequence email', () => {
  it('treats a name that is just the address as no name', () => {
    expect(renderContactOf(contact({ name: 'ADA@example.com', firstName: 'ada@example.com' }))).toMatchObject(
      {
        name: null,
        firstName: null,
      },
    );
    expect(renderContactOf(contact({ name: 'Ada Lovelace' })).name).toBe('Ada Lovelace');
  });

  it('puts the open pixel before </body>, or at the end', () => {
    expect(withOpenPixel('<body><p>x</p></body>', 'https://a/t/o/t.gif')).toMatch(
      /^<body><p>x<\/p><img src="https:\/\/a\/t\/o\/t.gif"[^>]*><\/body>$/,
    );
    expect(withOpenPixel('<p>x</p>', 'u')).toMatch(/^<p>x<\/p><img src="u"/);
  });

  it('renders with its own tokens, a Message-ID on the sender domain, and Re: in a thread', () => {
    const now = new Date('2025-05-01T09:00:00Z');
    const base = {
      template,
      contact: contact({}),
      senderAddress: 'me@acme.example',
      appUrl: 'https://app.example/',
      now,
    };
    const first = renderSend({ ...base, thread: { subject: null, inReplyTo: null } });
    expect(first.subject).toBe('Hi there');
    expect(first.htmlBody).toContain('Hello there');
    expect(first.htmlBody).toContain(`href="https://app.example/u/${first.unsubscribeToken}"`);
    expect(first.htmlBody).toContain(`src="https://app.example/t/o/${first.trackingToken}.gif"`);
    expect(first.messageId).toMatch(/^<[^@>]+@acme\.example>$/);
    const second = renderSend({ ...base, thread: { subject: 'Hi there', inReplyTo: first.messageId } });
    expect(second).toMatchObject({ subject: 'Re: Hi there', inReplyTo: first.messageId });
    expect(second.trackingToken).not.toBe(first.trackingToken);
    expect(second.messageId).not.toBe(first.messageId);
  });
});
