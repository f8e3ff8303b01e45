import { randomUUID } from 'node:crypto';
import { buildMessage, parseInbound, pollReplies, withGmail } from '@prospector/core';
import { inboxMessages } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import type { MailboxApp } from '../../testing/gmail-test-kit';
import { sentSequenceEmail, type TrackingUser, trackingUser } from '../../testing/tracking-test-kit';

/** A user whose sequence email went out and was answered by the prospect in the sandbox Gmail. */
export async function answeredEmail(env: MailboxApp, text: string) {
  const user = await trackingUser(env);
  const seeded = await sentSequenceEmail(env, user);
  env.clock.advance(3600_000);
  const reply = await user.browser.post(`/api/sandbox/messages/${seeded.first.gmailMessageId}/reply`, {
    text,
  });
  if (reply.status !== 200) throw new Error(`sandbox reply failed: ${reply.text}`);
  await pollReplies(user.deps);
  return { user, seeded };
}

/** The prospect writes again in the same thread. */
export async function prospectWritesAgain(
  env: MailboxApp,
  user: TrackingUser,
  gmailMessageId: string,
  text: string,
) {
  env.clock.advance(60_000);
  await user.browser.post(`/api/sandbox/messages/${gmailMessageId}/reply`, { text });
  await pollReplies(user.deps);
}

/** A message of the mailbox as Gmail holds it, parsed. */
export async function gmailMessage(
  env: MailboxApp,
  account: TrackingUser['account'],
  gmailMessageId: string,
) {
  const raw = await withGmail(env.core, account, (api) => api.getMessage(gmailMessageId, 'raw'));
  return {
    labelIds: raw.labelIds ?? [],
    threadId: raw.threadId,
    parsed: await parseInbound(Buffer.from(raw.raw ?? '', 'base64url'), {
      gmailMessageId: raw.id,
      threadId: raw.threadId,
    }),
  };
}

/** The mailbox owner answers in Gmail itself (not through the app), in the thread. */
export async function ownerWritesInGmail(
  env: MailboxApp,
  account: TrackingUser['account'],
  input: { to: string; threadId: string; inReplyTo: string; text: string },
) {
  const raw = await buildMessage({
    from: { name: 'Seller', address: account.email },
    to: { address: input.to },
    subject: 'Re: Quick question',
    html: `<p>${input.text}</p>`,
    text: input.text,
    date: env.clock.now(),
    messageId: `<owner-${randomUUID()}@${account.email.split('@')[1]}>`,
    inReplyTo: input.inReplyTo,
    references: [input.inReplyTo],
  });
  return withGmail(env.core, account, (api) => api.send(raw.toString('base64url'), input.threadId));
}

export async function storedMessage(env: MailboxApp, workspaceId: string, id: string) {
  const [row] = await env.database.db
    .select()
    .from(inboxMessages)
    .where(and(eq(inboxMessages.workspaceId, workspaceId), eq(inboxMessages.id, id)));
  return row!;
}
