import {
  decryptSecret,
  type GmailApi,
  GmailApiError,
  gmailApi,
  sendEmail,
  withGmail,
} from '@prospector/core';
import { gmailAccounts } from '@prospector/db';
import { sandboxMailboxKey } from '@prospector/sandbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';
import { trackingUser } from '../../testing/tracking-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

async function mailbox() {
  const user = await trackingUser(env);
  const api = gmailApi(env.core.google!, decryptSecret(user.account.accessToken!, env.core.appSecret!));
  const send = (subject: string) =>
    sendEmail(env.core, {
      workspaceId: user.workspaceId,
      to: 'lead@prospect.example',
      subject,
      html: `<p>${subject}</p>`,
      text: subject,
    });
  return { user, api, send };
}

describe('the sandbox Gmail, as the poller and the engine use it', () => {
  it('finds a message by its Message-ID with messages.list q=rfc822msgid:', async () => {
    const { api, send } = await mailbox();
    const first = await send('First');
    await send('Second');
    const found = await api.listMessages({ q: `rfc822msgid:${first.messageId}` });
    expect(found).toEqual({
      messages: [{ id: first.gmailMessageId, threadId: first.threadId }],
      resultSizeEstimate: 1,
    });
    const bare = await api.listMessages({ q: `rfc822msgid:${first.messageId.slice(1, -1)}` });
    expect(bare.messages?.map((m) => m.id)).toEqual([first.gmailMessageId]);
    expect(await api.listMessages({ q: 'rfc822msgid:<nobody@nowhere.example>' })).toEqual({
      resultSizeEstimate: 0,
    });
  });

  it('lists messages newest first, page by page', async () => {
    const { api, send } = await mailbox();
    const sent = [];
    for (const subject of ['One', 'Two', 'Three']) sent.push(await send(subject));
    const page1 = await api.listMessages({ maxResults: 2 });
    expect(page1.messages?.map((m) => m.id)).toEqual([sent[2]!.gmailMessageId, sent[1]!.gmailMessageId]);
    const page2 = await api.listMessages({ maxResults: 2, pageToken: page1.nextPageToken });
    expect(page2.messages?.map((m) => m.id)).toEqual([sent[0]!.gmailMessageId]);
    expect(page2.nextPageToken).toBeUndefined();
    // resultSizeEstimate counts every match, not the page.
    expect(page1.resultSizeEstimate).toBe(3);
  });

  it('filters by labelIds (every one must match) and by before:/after: on the date Gmail received it', async () => {
    const { user, api, send } = await mailbox();
    const key = sandboxMailboxKey(user.workspaceId, user.account.email);
    const old = await env.sandbox.control.addOldSentMail(key, new Date('2019-03-14T15:00:00Z'));
    const recent = await send('Recent');
    const sent = await api.listMessages({ labelIds: ['SENT'] });
    expect(sent.messages?.map((m) => m.id)).toEqual([recent.gmailMessageId, old.id]);
    expect((await api.listMessages({ labelIds: ['SENT', 'INBOX'] })).messages).toBeUndefined();
    const before = await api.listMessages({ labelIds: ['SENT'], q: 'before:1552608000' });
    expect(before).toEqual({ messages: [{ id: old.id, threadId: old.threadId }], resultSizeEstimate: 1 });
    // A date is midnight Pacific time: 2019/03/14 is 07:00 UTC (PDT), before the message's 15:00 UTC.
    expect((await api.listMessages({ q: 'before:2019/03/14' })).messages).toBeUndefined();
    expect((await api.listMessages({ q: 'after:2019/03/14 before:2019/03/15' })).messages).toHaveLength(1);
    const got = await api.getMessage(old.id, 'metadata');
    expect(got.internalDate).toBe(String(Date.parse('2019-03-14T15:00:00Z')));
    const unknown = await api.listMessages({ labelIds: ['Sent'] }).catch((error: unknown) => error);
    expect((unknown as GmailApiError).status).toBe(400);
    expect((unknown as GmailApiError).message).toContain('Invalid label: Sent');
  });

  it('answers history.list with 404 once the start is older than the history it keeps', async () => {
    const { user, api, send } = await mailbox();
    const start = (await api.getProfile()).historyId;
    await send('Kept for a week');
    const recent = await api.listHistory(start);
    expect(recent.history).toHaveLength(1);
    env.clock.advance(8 * 24 * 3600_000);
    // Eight days on, through the app's token refresh (the old access token has expired).
    const later = async <T>(work: (api: GmailApi) => Promise<T>) => {
      const [row] = await env.database.db
        .select()
        .from(gmailAccounts)
        .where(eq(gmailAccounts.id, user.account.id));
      return withGmail(env.core, row!, work);
    };
    const gone = await later((api) => api.listHistory(start)).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(GmailApiError);
    expect((gone as GmailApiError).status).toBe(404);
    // From the current history id, history works again.
    const now = (await later((api) => api.getProfile())).historyId;
    expect((await later((api) => api.listHistory(now))).history).toBeUndefined();
  });
});
