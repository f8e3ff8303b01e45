import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEXT_LIMITS } from '@prospector/contracts';
import { clickUrl, decryptSecret, gmailApi, openPixelUrl, sendEmail } from '@prospector/core';
import { gmailAccounts } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { type AddressObject, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMailbox, type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

interface InboxMessage {
  id: string;
  threadId: string;
  headers: { name: string; value: string }[];
  text?: string;
  html?: string;
  openedAt: string | null;
  repliedAt: string | null;
  bouncedAt: string | null;
}

async function sender(email: string) {
  const browser = env.browser();
  const user = await browser.signUp();
  await connectMailbox(browser, email);
  const api = async () => {
    const [row] = await env.database.db
      .select()
      .from(gmailAccounts)
      .where(eq(gmailAccounts.workspaceId, user.id));
    return gmailApi(env.core.google!, decryptSecret(row!.accessToken!, env.core.appSecret!));
  };
  return { browser, workspaceId: user.id, api };
}

describe('the Sandbox Inbox', () => {
  it('lists every message the mailbox sent, newest first, with headers and both bodies', async () => {
    const { browser, workspaceId } = await sender('inbox.list@inbox-test.example');
    await sendEmail(env.core, {
      workspaceId,
      to: 'a@example.com',
      subject: 'First',
      html: '<p>One</p>',
      text: 'One',
    });
    await sendEmail(env.core, {
      workspaceId,
      to: 'b@example.com',
      subject: 'Zweite Grüße',
      html: '<p>Two</p>',
      text: 'Two',
    });
    const { messages } = (await browser.get('/api/sandbox/messages')).json<{ messages: InboxMessage[] }>();
    expect(messages.map((m) => m.headers.find((h) => h.name === 'Subject')?.value)).toEqual([
      'Zweite Grüße',
      'First',
    ]);
    expect(messages[0]).toMatchObject({ text: 'Two', html: '<p>Two</p>', openedAt: null });
  });

  it('simulates a reply: it arrives in the thread, quoting the original, and shows in history', async () => {
    const { browser, workspaceId, api } = await sender('inbox.reply@inbox-test.example');
    const sent = await sendEmail(env.core, {
      workspaceId,
      to: 'lead@example.com',
      subject: 'Intro',
      html: '<p>Hi</p>',
      text: 'Hi there',
    });
    const gmail = await api();
    const start = (await gmail.getProfile()).historyId;
    const reply = await browser.post(`/api/sandbox/messages/${sent.gmailMessageId}/reply`, {
      text: 'Sounds good!',
    });
    expect(reply.status).toBe(200);
    const history = await gmail.listHistory(start);
    const added = history.history?.map((h) => h.messagesAdded?.[0]?.message);
    expect(added).toHaveLength(1);
    expect(added?.[0]).toMatchObject({ threadId: sent.threadId, labelIds: ['INBOX', 'UNREAD'] });
    const raw = await gmail.getMessage(added![0]!.id, 'raw');
    const parsed = await simpleParser(Buffer.from(raw.raw!, 'base64url'));
    expect(parsed.subject).toBe('Re: Intro');
    expect(parsed.inReplyTo).toBe(sent.messageId);
    expect((parsed.from as AddressObject).value[0]?.address).toBe('lead@example.com');
    expect(parsed.text).toContain('Sounds good!');
    expect(parsed.text).toContain('> Hi there');
    const thread = await gmail.getThread(sent.threadId, 'minimal');
    expect(thread.messages).toHaveLength(2);
    const { messages } = (await browser.get('/api/sandbox/messages')).json<{ messages: InboxMessage[] }>();
    expect(messages[0]?.repliedAt).not.toBeNull();
  });

  it('simulates a bounce: a Gmail-shaped delivery status notification from mailer-daemon', async () => {
    const { browser, workspaceId, api } = await sender('inbox.bounce@inbox-test.example');
    const sent = await sendEmail(env.core, {
      workspaceId,
      to: 'nobody@example.com',
      subject: 'Hello',
      html: '<p>Hi</p>',
      text: 'Hi',
    });
    await browser.post(`/api/sandbox/messages/${sent.gmailMessageId}/bounce`);
    const gmail = await api();
    const thread = await gmail.getThread(sent.threadId, 'full');
    const dsn = thread.messages[1]!;
    const headers = Object.fromEntries((dsn.payload?.headers ?? []).map((h) => [h.name, h.value]));
    expect(headers.From).toBe('Mail Delivery Subsystem <mailer-daemon@googlemail.com>');
    expect(headers.Subject).toBe('Delivery Status Notification (Failure)');
    expect(headers['X-Failed-Recipients']).toBe('nobody@example.com');
    expect(dsn.payload?.mimeType).toBe('multipart/report');
    expect(dsn.payload?.parts?.map((p) => p.mimeType)).toEqual([
      'text/plain',
      'message/delivery-status',
      'text/rfc822-headers',
    ]);
    const status = Buffer.from(dsn.payload?.parts?.[1]?.body?.data ?? '', 'base64url').toString('utf8');
    expect(status).toContain('Final-Recipient: rfc822; nobody@example.com');
    expect(status).toContain('Status: 5.1.1');
    const original = Buffer.from(dsn.payload?.parts?.[2]?.body?.data ?? '', 'base64url').toString('utf8');
    expect(original).toContain(`Message-ID: ${sent.messageId}`);
    const raw = await gmail.getMessage(dsn.id, 'raw');
    const parsed = await simpleParser(Buffer.from(raw.raw!, 'base64url'));
    expect(parsed.text).toContain("Your message wasn't delivered to nobody@example.com");
  });

  it("simulates an open by loading the app's pixel, and no other image", async () => {
    const { browser, workspaceId } = await sender('inbox.open@inbox-test.example');
    const pixel = openPixelUrl(env.appUrl, 'a-token-no-email-has-yet');
    const html = `<p>Hi</p><img src="${pixel}" width="1" height="1" alt=""><img src="${env.appUrl}/api/health"><img src="https://elsewhere.example/x.png">`;
    const sent = await sendEmail(env.core, {
      workspaceId,
      to: 'lead@example.com',
      subject: 'Pixel',
      html,
      text: 'Hi',
    });
    const opened = await browser.post(`/api/sandbox/messages/${sent.gmailMessageId}/open`);
    expect(opened.json()).toEqual({ imagesLoaded: 1 });
    const { messages } = (await browser.get('/api/sandbox/messages')).json<{ messages: InboxMessage[] }>();
    expect(messages[0]?.openedAt).toBe(env.clock.now().toISOString());
  });

  it('never follows an image that is a click link: the server requests nothing', async () => {
    const requested: string[] = [];
    const target = createServer((request, response) => {
      requested.push(request.url ?? '');
      response.end('GIF89a');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = target.address() as AddressInfo;
      const { browser, workspaceId } = await sender('inbox.ssrf@inbox-test.example');
      const link = clickUrl(
        env.appUrl,
        env.core.appSecret!,
        'any-token-of-the-right-shape',
        `http://127.0.0.1:${port}/x`,
      );
      const sent = await sendEmail(env.core, {
        workspaceId,
        to: 'lead@example.com',
        subject: 'Image',
        html: `<p>Hi</p><img src="${link.replaceAll('&', '&amp;')}">`,
        text: 'Hi',
      });
      const opened = await browser.post(`/api/sandbox/messages/${sent.gmailMessageId}/open`);
      expect(opened.json()).toEqual({ imagesLoaded: 0 });
      expect(requested).toEqual([]);
    } finally {
      await new Promise((resolve) => target.close(resolve));
    }
  });

  it('refuses a reply text over its limit with a 400 that names the field', async () => {
    const { browser, workspaceId } = await sender('inbox.long@inbox-test.example');
    const sent = await sendEmail(env.core, {
      workspaceId,
      to: 'lead@example.com',
      subject: 'Long',
      html: '<p>Hi</p>',
      text: 'Hi',
    });
    const path = `/api/sandbox/messages/${sent.gmailMessageId}/reply`;
    const tooLong = await browser.post(path, { text: 'x'.repeat(TEXT_LIMITS.replyText + 1) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json<{ message: string }>().message).toBe(
      `Reply text must be at most ${TEXT_LIMITS.replyText} characters`,
    );
    const atLimit = await browser.post(path, { text: 'x'.repeat(TEXT_LIMITS.replyText) });
    expect(atLimit.status).toBe(200);
  });

  it("does not show or act on another user's messages", async () => {
    const owner = await sender('inbox.owner@inbox-test.example');
    const sent = await sendEmail(env.core, {
      workspaceId: owner.workspaceId,
      to: 'x@example.com',
      subject: 'Mine',
      html: '<p>x</p>',
      text: 'x',
    });
    const other = env.browser();
    await other.signUp();
    expect((await other.get('/api/sandbox/messages')).json()).toEqual({ messages: [] });
    for (const action of ['reply', 'bounce', 'open']) {
      const response = await other.post(`/api/sandbox/messages/${sent.gmailMessageId}/${action}`);
      expect(response.status).toBe(404);
    }
  });
});
