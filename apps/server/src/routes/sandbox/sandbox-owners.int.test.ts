import type { GmailAccount } from '@prospector/contracts';
import { sendEmail } from '@prospector/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  connectMailbox,
  consentFields,
  type MailboxApp,
  startMailboxApp,
} from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

/** Both users pick the same address on the sandbox consent page. */
const SHARED = 'alex.morgan.sandbox@gmail.com';

interface InboxMessage {
  id: string;
  mailbox: string;
  headers: { name: string; value: string }[];
}

async function userWithShared() {
  const browser = env.browser();
  const user = await browser.signUp();
  await connectMailbox(browser, SHARED);
  const [account] = (await browser.get('/api/gmail/accounts')).json<GmailAccount[]>();
  return { browser, workspaceId: user.id, account: account! };
}

const messagesOf = async (browser: Browser) =>
  (await browser.get('/api/sandbox/messages')).json<{ messages: InboxMessage[] }>().messages;

const note = (subject: string) => ({
  to: 'lead@example.com',
  subject,
  html: `<p>${subject}</p>`,
  text: subject,
});

describe('sandbox mailboxes belong to the user who connected them', () => {
  let alice: Awaited<ReturnType<typeof userWithShared>>;
  let bob: Awaited<ReturnType<typeof userWithShared>>;
  beforeAll(async () => {
    alice = await userWithShared();
    bob = await userWithShared();
  });

  it('the same address connected by two users is two mailboxes', async () => {
    expect(alice.account.email).toBe(SHARED);
    expect(bob.account.email).toBe(SHARED);
    expect(alice.account.googleUserId).not.toBe(bob.account.googleUserId);
    await sendEmail(env.core, { workspaceId: alice.workspaceId, ...note('For Alice only') });
    await sendEmail(env.core, { workspaceId: bob.workspaceId, ...note('Bob writes') });
    const subjects = (messages: InboxMessage[]) =>
      messages.map((m) => m.headers.find((h) => h.name === 'Subject')?.value);
    expect(subjects(await messagesOf(alice.browser))).toEqual(['For Alice only']);
    expect(subjects(await messagesOf(bob.browser))).toEqual(['Bob writes']);
    // The Sandbox Inbox shows the address, never the owner's id.
    expect((await messagesOf(alice.browser))[0]?.mailbox).toBe(SHARED);
  });

  it("another user's message cannot be answered, bounced, opened or auto-answered", async () => {
    const [sent] = await messagesOf(alice.browser);
    for (const action of ['reply', 'auto-reply', 'bounce', 'open']) {
      const response = await bob.browser.post(`/api/sandbox/messages/${sent!.id}/${action}`, {});
      expect([action, response.status]).toEqual([action, 404]);
      expect(response.json()).toEqual({ message: 'Sandbox message not found', code: 'NOT_FOUND' });
    }
    expect((await alice.browser.post(`/api/sandbox/messages/${sent!.id}/bounce`, {})).status).toBe(200);
  });

  it("faults queued by one user break only that user's mailbox", async () => {
    const queued = await bob.browser.post('/api/sandbox/faults', {
      mailbox: SHARED,
      faults: ['500', '500', '500', '500', '500'],
    });
    expect(queued.status).toBe(200);
    await expect(
      sendEmail(env.core, { workspaceId: alice.workspaceId, ...note('Still sending') }),
    ).resolves.toMatchObject({
      senderEmail: SHARED,
    });
    await expect(
      sendEmail(env.core, { workspaceId: bob.workspaceId, ...note('Broken') }),
    ).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
    });
  });

  it('a consent without a signed-in Prospector user is refused with the reason', async () => {
    const { authUrl } = (await alice.browser.get('/api/gmail/connect')).json<{ authUrl: string }>();
    const page = await alice.browser.get(authUrl);
    const stranger = env.browser();
    const refused = await stranger.form('/sandbox/google/o/oauth2/v2/auth/approve', {
      ...consentFields(page.text),
      email: SHARED,
    });
    expect(refused.status).toBe(401);
    expect(refused.text).toContain('Sign in to Prospector first');
  });

  it("the sandbox Microsoft's consent is refused the same way, and issues no code", async () => {
    const { authUrl } = (await alice.browser.get('/api/microsoft/connect')).json<{ authUrl: string }>();
    const page = await alice.browser.get(authUrl);
    expect(page.status, page.text).toBe(200);
    const form: Record<string, string> = { login: SHARED, decision: 'accept' };
    const decode = (value: string) => value.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)));
    for (const match of page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      form[decode(match[1] ?? '')] = decode(match[2] ?? '');
    const action = page.text.match(/<form method="post" action="([^"]+)"/)?.[1] ?? '';
    const refused = await env.browser().form(action, form);
    expect(refused.status).toBe(401);
    expect(refused.text).toContain('Sign in to Prospector first');
    expect(refused.location).toBeUndefined();
  });
});
