import { NO_CONTACT_TO_RENDER, type Sender } from '@prospector/contracts';
import { emailLogs } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { type AddressObject, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, connectMailbox, type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

const MAILBOX = 'sam.taylor@northwind-traders.example';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

const template = {
  name: 'Intro',
  subject: 'Quick question, {{first_name}}',
  htmlBody:
    '<p>Hi {{first_name|there}},</p><p>{{icebreaker|I came across your team}} at {{company|your company}}.</p>' +
    '<p>{{sender_name}}</p><p><a href="{{unsubscribe_url}}">Unsubscribe</a></p>',
};

const fullContact = {
  email: 'jane.roe@acme.example',
  firstName: 'Jane',
  lastName: 'Roe',
  organizationName: 'Acme',
  title: 'CTO',
  customFields: { icebreaker: 'Loved your talk on queues' },
};

/** The message in the sender's sandbox mailbox whose Message-ID header is this one. */
async function sandboxMessage(browser: Browser, messageId: string) {
  const { messages } = (await browser.get('/api/sandbox/messages')).json<{
    messages: { id: string; raw: string; mailbox: string; headers: { name: string; value: string }[] }[];
  }>();
  return messages.find((m) =>
    m.headers.some((h) => h.name.toLowerCase() === 'message-id' && h.value.trim() === messageId),
  );
}

async function userWithTemplate({
  connect,
  contacts = [fullContact],
}: {
  connect: boolean;
  contacts?: object[];
}) {
  const browser = env.browser();
  const user = await browser.signUp();
  if (connect) await connectMailbox(browser, MAILBOX);
  for (const contact of contacts) expect((await browser.post('/api/contacts', contact)).status).toBe(201);
  const created = await browser.post('/api/templates', template);
  return { browser, user, templateId: created.json<{ id: string }>().id };
}

describe('POST /api/templates/{id}/send-test', () => {
  it("renders the real email for the user's best-filled contact, from the chosen mailbox, with '[Test] ' first", async () => {
    const { browser, user, templateId } = await userWithTemplate({
      connect: true,
      contacts: [{ email: 'al@sparse.example', firstName: 'Al' }, fullContact],
    });
    const senders = browser.get('/api/senders');
    const sender = (await senders).json<Sender[]>().find((s) => s.isDefault);
    expect(sender).toBeDefined();

    const response = await browser.post(`/api/templates/${templateId}/send-test`, {
      email: 'Tester@Example.com',
      senderAccountId: sender?.accountId,
      sendAsEmail: sender?.email,
    });
    expect(response.status).toBe(200);
    const result = response.json<{ success: boolean; messageId: string; senderEmail: string }>();
    expect(result).toEqual({
      success: true,
      messageId: expect.stringMatching(/^<.+@northwind-traders\.example>$/),
      senderEmail: MAILBOX,
      subject: '[Test] Quick question, Jane',
      contact: { id: expect.any(String), email: fullContact.email, name: 'Jane Roe', filledFields: 5 },
    });

    const stored = await sandboxMessage(browser, result.messageId);
    expect(stored?.mailbox).toBe(MAILBOX);
    const parsed = await simpleParser(stored?.raw ?? '');
    expect((parsed.from as AddressObject).value).toEqual([{ name: 'Sam Taylor', address: MAILBOX }]);
    expect((parsed.to as AddressObject).value).toEqual([{ name: '', address: 'tester@example.com' }]);
    expect(parsed.subject).toBe('[Test] Quick question, Jane');
    expect(parsed.messageId).toBe(result.messageId);
    expect(parsed.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(parsed.html).toContain(
      '<p>Hi Jane,</p><p>Loved your talk on queues at Acme.</p><p>Sam Taylor</p>',
    );
    expect(parsed.html).toContain(`href="${env.appUrl}/unsubscribe/preview"`);
    expect(`${parsed.subject} ${parsed.html} ${parsed.text}`).not.toContain('{{');
    expect(parsed.text?.trim()).toBe(
      `Hi Jane,\n\nLoved your talk on queues at Acme.\n\nSam Taylor\n\nUnsubscribe [${env.appUrl}/unsubscribe/preview]`,
    );
    // A test send is not a campaign email: no List-Unsubscribe headers.
    expect(parsed.headerLines.find((h) => h.key === 'list-unsubscribe')).toBeUndefined();

    const logs = await env.database.db.select().from(emailLogs).where(eq(emailLogs.workspaceId, user.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      status: 'sent',
      isTestEmail: true,
      toEmail: 'tester@example.com',
      subject: '[Test] Quick question, Jane',
    });
  });

  it('renders the chosen contact, fallbacks filling what it lacks', async () => {
    const { browser, templateId } = await userWithTemplate({ connect: true });
    const sparse = await browser.post('/api/contacts', { email: 'al@sparse.example', firstName: 'Al' });
    const response = await browser.post(`/api/templates/${templateId}/send-test`, {
      email: 'me@example.com',
      contactId: sparse.json<{ id: string }>().id,
    });
    expect(response.status).toBe(200);
    const { messageId, subject } = response.json<{ messageId: string; subject: string }>();
    expect(subject).toBe('[Test] Quick question, Al');
    const parsed = await simpleParser((await sandboxMessage(browser, messageId))?.raw ?? '');
    expect(parsed.html).toContain('<p>Hi Al,</p><p>I came across your team at your company.</p>');
  });

  it("refuses another user's contact (404), no contact at all (409), a gap (422) and a nested fallback (400)", async () => {
    const { browser, templateId } = await userWithTemplate({ connect: true });
    const other = await userWithTemplate({ connect: true });
    const theirs = await other.browser.post('/api/contacts', { email: 'theirs@other.example' });
    const foreign = await browser.post(`/api/templates/${templateId}/send-test`, {
      email: 'me@example.com',
      contactId: theirs.json<{ id: string }>().id,
    });
    expect([foreign.status, foreign.json()]).toEqual([
      404,
      { message: 'Contact not found', code: 'NOT_FOUND' },
    ]);

    const alone = await userWithTemplate({ connect: true, contacts: [] });
    const none = await alone.browser.post(`/api/templates/${alone.templateId}/send-test`, {
      email: 'me@example.com',
    });
    expect([none.status, none.json()]).toEqual([409, { message: NO_CONTACT_TO_RENDER, code: 'CONFLICT' }]);

    const gap = await browser.post('/api/templates', { ...template, name: 'Gap', subject: 'About {{city}}' });
    const gapSend = await browser.post(`/api/templates/${gap.json<{ id: string }>().id}/send-test`, {
      email: 'me@example.com',
    });
    expect([gapSend.status, gapSend.json()]).toMatchObject([
      422,
      {
        code: 'MISSING_VARIABLES',
        message: 'Jane Roe has no value for {{city}}: choose another contact or give the variable a fallback',
      },
    ]);

    const nested = await browser.post('/api/templates', {
      ...template,
      name: 'Nested',
      subject: 'Hi {{first_name|{{company}}}}',
    });
    const nestedSend = await browser.post(`/api/templates/${nested.json<{ id: string }>().id}/send-test`, {
      email: 'me@example.com',
    });
    expect([nestedSend.status, nestedSend.json()]).toEqual([
      400,
      {
        code: 'VALIDATION_ERROR',
        message:
          'Fix the template first: {{first_name|{{company}}}}: a fallback is plain text and cannot hold another variable',
      },
    ]);
  });

  it('uses the default sender when none is given', async () => {
    const { browser, templateId } = await userWithTemplate({ connect: true });
    const response = await browser.post(`/api/templates/${templateId}/send-test`, {
      email: 'me@example.com',
    });
    expect(response.status).toBe(200);
    const { messageId, senderEmail } = response.json<{ messageId: string; senderEmail: string }>();
    expect(senderEmail).toBe(MAILBOX);
    expect(await sandboxMessage(browser, messageId)).toBeDefined();
  });

  it('answers 409 "Connect a Gmail account before sending" without a mailbox', async () => {
    const { browser, templateId } = await userWithTemplate({ connect: false });
    const response = await browser.post(`/api/templates/${templateId}/send-test`, {
      email: 'me@example.com',
    });
    expect([response.status, response.json()]).toEqual([
      409,
      { message: 'Connect a Gmail account before sending', code: 'NO_SENDER' },
    ]);
  });

  it("answers with the spec messages for bad input, and 404 for another user's mailbox", async () => {
    const { browser, templateId } = await userWithTemplate({ connect: true });
    const cases: [object, string][] = [
      [{}, 'Email address is required'],
      [{ email: '  ' }, 'Email address is required'],
      [{ email: 'not-an-address' }, 'Invalid email address'],
      [{ email: 'me@example.com', senderAccountId: 'nope' }, 'Invalid sender account'],
    ];
    for (const [body, message] of cases) {
      const response = await browser.post(`/api/templates/${templateId}/send-test`, body);
      expect([response.status, response.json()]).toEqual([400, { message, code: 'VALIDATION_ERROR' }]);
    }
    const other = await userWithTemplate({ connect: true });
    const otherSender = (await other.browser.get('/api/senders')).json<Sender[]>()[0];
    const foreign = await browser.post(`/api/templates/${templateId}/send-test`, {
      email: 'me@example.com',
      senderAccountId: otherSender?.accountId,
    });
    expect([foreign.status, foreign.json()]).toEqual([
      404,
      { message: 'Gmail account not found', code: 'NOT_FOUND' },
    ]);
  });
});
