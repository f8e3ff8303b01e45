import type { contacts } from '@prospector/db';
import { describe, expect, it } from 'vitest';
import type { TemplateRow } from '../templates/template-store';
import { withOpenPixel } from '../tracking/email-tracking';
import { renderContactOf, renderSend } from './render-send';

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
      senderName: 'Grace Hopper',
      enrolmentId: 'enrolment-1',
      stepId: 'step-1',
      appUrl: 'https://app.example/',
      tracking: { trackOpens: true, trackClicks: false },
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
    expect(first.unfilled).toBeNull();
  });

  it("fills the contact's fields, custom fields and the sender, and names a variable left without a value", () => {
    const base = {
      contact: contact({ organizationName: 'Acme', customFields: { icebreaker: 'Loved your talk' } }),
      senderAddress: 'grace@acme.example',
      senderName: 'Grace Hopper',
      enrolmentId: 'enrolment-1',
      stepId: 'step-1',
      appUrl: 'https://app.example/',
      tracking: { trackOpens: true, trackClicks: false },
      now: new Date('2025-05-01T09:00:00Z'),
      thread: { subject: null, inReplyTo: null },
    };
    const filled = renderSend({
      ...base,
      template: {
        subject: 'On-call at {{company}}',
        htmlBody: '<p>{{icebreaker}}</p><p>{{sender_first_name}} ({{sender_email}})</p>',
        plainTextBody: null,
      } as TemplateRow,
    });
    expect(filled.subject).toBe('On-call at Acme');
    expect(filled.htmlBody).toContain('<p>Loved your talk</p><p>Grace (grace@acme.example)</p>');
    expect(filled.unfilled).toBeNull();
    const gap = renderSend({
      ...base,
      template: {
        subject: '{{title}} at {{company}}',
        htmlBody: '{{pain_point}}',
        plainTextBody: null,
      } as TemplateRow,
    });
    expect(gap.unfilled).toBe('no value for {{title}}, {{pain_point}}');
  });

  it("follows the sequence's switches: no pixel without open tracking, links redirected with click tracking", () => {
    const base = {
      template: {
        subject: 'Hi',
        htmlBody:
          '<p><a href="https://acme.example/pricing?a=1&amp;b=2">Prices</a></p><a href="{{unsubscribe_url}}">Stop</a>',
        plainTextBody: 'Prices: https://acme.example/pricing?a=1&b=2. Stop: {{unsubscribe_url}}',
      } as TemplateRow,
      contact: contact({}),
      senderAddress: 'me@acme.example',
      senderName: null,
      enrolmentId: 'enrolment-1',
      stepId: 'step-1',
      appUrl: 'https://app.example',
      now: new Date('2025-05-01T09:00:00Z'),
      thread: { subject: null, inReplyTo: null },
    };
    const plain = renderSend({ ...base, tracking: { trackOpens: false, trackClicks: false } });
    expect(plain.htmlBody).not.toContain('/t/o/');
    expect(plain.htmlBody).toContain('href="https://acme.example/pricing?a=1&amp;b=2"');
    const tracked = renderSend({
      ...base,
      tracking: { trackOpens: true, trackClicks: true, appSecret: 'a-test-secret-of-some-length' },
    });
    const click = `https://app.example/t/c/${tracked.trackingToken}/`;
    const encoded = encodeURIComponent('https://acme.example/pricing?a=1&b=2');
    expect(tracked.htmlBody).toMatch(new RegExp(`href="${click}[\\w-]{16}\\?u=${encoded}"`));
    expect(tracked.plainTextBody).toMatch(new RegExp(`^Prices: ${click}[\\w-]{16}\\?u=${encoded}\\. Stop`));
    const unsubscribe = `https://app.example/u/${tracked.unsubscribeToken}`;
    expect(tracked.htmlBody).toContain(`href="${unsubscribe}"`);
    expect(tracked.plainTextBody).toContain(`Stop: ${unsubscribe}`);
    expect(tracked.htmlBody).toContain(`/t/o/${tracked.trackingToken}.gif`);
  });
});
