import type { GmailAccount } from '@prospector/contracts';
import { decryptSecret, gmailApi, sendEmail } from '@prospector/core';
import { emailLogs, gmailAccounts } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { type AddressObject, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, connectMailbox, type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

const WORKSPACE = 'sam.taylor@northwind-traders.example';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

async function connectedUser(email = WORKSPACE) {
  const browser = env.browser();
  const user = await browser.signUp();
  await connectMailbox(browser, email);
  const [account] = (await browser.get('/api/gmail/accounts')).json<GmailAccount[]>();
  return { browser, workspaceId: user.id, account: account! };
}

const message = {
  to: 'lead@example.com',
  toName: 'Lena Lead',
  subject: 'Grüße aus Köln – quick question 🚀',
  html: '<p>Hi Lena,</p><p>Would a 15-minute call next week work?</p>',
  text: 'Hi Lena,\n\nWould a 15-minute call next week work?',
  unsubscribeUrl: 'https://app.example.com/u/tok_123',
};

async function rawOf(browser: Browser, gmailMessageId: string) {
  const { messages } = (await browser.get('/api/sandbox/messages')).json<{
    messages: { id: string; raw: string }[];
  }>();
  return messages.find((m) => m.id === gmailMessageId)?.raw ?? '';
}

describe('sendEmail, the one mail path', () => {
  it('builds a complete RFC 5322 message and sends it through the Gmail API', async () => {
    const { browser, workspaceId } = await connectedUser();
    const sent = await sendEmail(env.core, { workspaceId, ...message });
    expect(sent.senderEmail).toBe('sam.taylor@northwind-traders.example');
    expect(sent.messageId).toMatch(/^<[^@>]+@northwind-traders\.example>$/);
    expect(sent.gmailMessageId).toMatch(/^[0-9a-f]{16}$/);
    expect(sent.threadId).toBe(sent.gmailMessageId);

    const parsed = await simpleParser(await rawOf(browser, sent.gmailMessageId));
    expect((parsed.from as AddressObject).value).toEqual([{ name: 'Sam Taylor', address: WORKSPACE }]);
    expect((parsed.to as AddressObject).value).toEqual([{ name: 'Lena Lead', address: 'lead@example.com' }]);
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.messageId).toBe(sent.messageId);
    expect(parsed.date?.toISOString()).toBe(env.clock.now().toISOString());
    expect(parsed.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(parsed.text?.trim()).toBe(message.text);
    expect(parsed.html).toContain('<p>Would a 15-minute call next week work?</p>');
    const line = (key: string) => parsed.headerLines.find((h) => h.key === key)?.line;
    expect(line('list-unsubscribe')).toBe('List-Unsubscribe: <https://app.example.com/u/tok_123>');
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(line('mime-version')).toBe('MIME-Version: 1.0');

    const [log] = await env.database.db
      .select()
      .from(emailLogs)
      .where(eq(emailLogs.workspaceId, workspaceId));
    expect(log).toMatchObject({
      status: 'sent',
      emailProvider: 'gmail',
      messageId: sent.messageId,
      toEmail: 'lead@example.com',
    });
    const [account] = (await browser.get('/api/gmail/accounts')).json<GmailAccount[]>();
    expect(account?.lastUsedAt).toBe(env.clock.now().toISOString());
  });

  it('sends from a send-as alias with its display name, and refuses an address that is not one', async () => {
    const { browser, workspaceId, account } = await connectedUser();
    const sent = await sendEmail(env.core, {
      workspaceId,
      senderAccountId: account.id,
      sendAsEmail: 'sales@northwind-traders.example',
      ...message,
    });
    const parsed = await simpleParser(await rawOf(browser, sent.gmailMessageId));
    expect((parsed.from as AddressObject).value).toEqual([
      { name: 'Northwind Sales', address: 'sales@northwind-traders.example' },
    ]);
    await expect(
      sendEmail(env.core, { workspaceId, sendAsEmail: 'ceo@northwind-traders.example', ...message }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('keeps a follow-up in its thread with In-Reply-To, References and threadId', async () => {
    const { browser, workspaceId } = await connectedUser();
    const first = await sendEmail(env.core, { workspaceId, ...message, subject: 'Intro' });
    const second = await sendEmail(env.core, {
      workspaceId,
      ...message,
      subject: 'Re: Intro',
      inReplyTo: first.messageId,
      references: [first.messageId],
      threadId: first.threadId,
    });
    expect(second.threadId).toBe(first.threadId);
    const parsed = await simpleParser(await rawOf(browser, second.gmailMessageId));
    expect(parsed.inReplyTo).toBe(first.messageId);
    expect(parsed.references).toBe(first.messageId);
  });

  it("fails with NO_SENDER without a mailbox and NOT_FOUND for another user's", async () => {
    const browser = env.browser();
    const lonely = await browser.signUp();
    await expect(sendEmail(env.core, { workspaceId: lonely.id, ...message })).rejects.toMatchObject({
      code: 'NO_SENDER',
      message: 'Connect a Gmail account before sending',
    });
    const { account } = await connectedUser();
    await expect(
      sendEmail(env.core, { workspaceId: lonely.id, senderAccountId: account.id, ...message }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a malformed recipient', async () => {
    const { workspaceId } = await connectedUser();
    await expect(sendEmail(env.core, { workspaceId, ...message, to: 'a@b' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });
});

describe('reading the mailbox back through the Gmail API client', () => {
  it('lists history and gets messages and threads in every format', async () => {
    const { workspaceId } = await connectedUser('priya.shah@contoso-labs.example');
    const first = await sendEmail(env.core, { workspaceId, ...message, subject: 'History check' });
    const api = await clientFor(workspaceId);
    const profile = await api.getProfile();
    expect(profile.emailAddress).toBe('priya.shah@contoso-labs.example');
    const history = await api.listHistory('1');
    expect(history.history?.some((h) => h.messagesAdded?.[0]?.message.id === first.gmailMessageId)).toBe(
      true,
    );
    const full = await api.getMessage(first.gmailMessageId, 'full');
    expect(full.payload?.mimeType).toBe('multipart/alternative');
    expect(full.payload?.headers?.find((h) => h.name === 'Subject')?.value).toBe('History check');
    const textPart = full.payload?.parts?.find((p) => p.mimeType === 'text/plain');
    expect(
      Buffer.from(textPart?.body?.data ?? '', 'base64url')
        .toString('utf8')
        .trim(),
    ).toBe(message.text);
    const raw = await api.getMessage(first.gmailMessageId, 'raw');
    expect((await simpleParser(Buffer.from(raw.raw ?? '', 'base64url'))).subject).toBe('History check');
    const thread = await api.getThread(first.threadId, 'metadata');
    expect(thread.messages.map((m) => m.id)).toEqual([first.gmailMessageId]);
  });
});

/** A Gmail API client with a fresh access token of the user's first mailbox, as the sync will use it. */
async function clientFor(workspaceId: string) {
  const [row] = await env.database.db
    .select()
    .from(gmailAccounts)
    .where(eq(gmailAccounts.workspaceId, workspaceId));
  return gmailApi(env.core.google!, decryptSecret(row!.accessToken!, env.core.appSecret!));
}
