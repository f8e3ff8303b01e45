import type { AssistantSettingsInput } from '@prospector/contracts';
import { type AiWriter, pollReplies } from '@prospector/core';
import { inboxDrafts, users } from '@prospector/db';
import { createSandboxAiWriter } from '@prospector/sandbox';
import { eq } from 'drizzle-orm';
import type { MailboxApp } from '../../testing/gmail-test-kit';
import { sentSequenceEmail, type TrackingUser, trackingUser } from '../../testing/tracking-test-kit';

export interface DraftBody {
  draftId: string;
  subject: string;
  text: string;
  html: string;
  language: string;
  origin: string;
  model: string;
  promptVersion: string;
  durationMs: number;
  tokens: { prompt: number; completion: number };
  sendAt: string | null;
  refusedReason: string | null;
}

/** A signed-up user with a mailbox and, when given, saved assistant settings. */
export async function assistantUser(env: MailboxApp, settings?: AssistantSettingsInput) {
  const user = await trackingUser(env);
  if (settings) {
    const saved = await user.browser.put('/api/settings/assistant', settings);
    if (saved.status !== 200) throw new Error(`settings: ${saved.status} ${saved.text}`);
  }
  return user;
}

/**
 * The user's sequence email answered by the prospect; the poller runs with the given writer (the
 * sandbox writer unless said otherwise), as the worker does. Returns the conversation's id.
 */
export async function prospectAnswers(
  env: MailboxApp,
  user: TrackingUser,
  text: string,
  writer: AiWriter = createSandboxAiWriter(),
) {
  const seeded = await sentSequenceEmail(env, user);
  env.clock.advance(3600_000);
  const reply = await user.browser.post(`/api/sandbox/messages/${seeded.first.gmailMessageId}/reply`, {
    text,
  });
  if (reply.status !== 200) throw new Error(`sandbox reply failed: ${reply.text}`);
  await pollReplies({ ...user.deps, aiWriter: writer });
  const list = (await user.browser.get('/api/inbox/conversations?tab=people')).json<{
    conversations: { id: string; threadId: string }[];
  }>();
  const conversation = list.conversations.find((c) => c.threadId === seeded.first.gmailThreadId);
  if (!conversation) throw new Error('no conversation for the reply');
  return { seeded, conversationId: conversation.id };
}

export async function conversationOf(user: TrackingUser, id: string) {
  return (await user.browser.get(`/api/inbox/conversations/${id}`)).json<{
    draft: DraftBody | null;
    messages: { id: string; direction: string; text: string; sentByAssistant?: boolean }[];
  }>();
}

export async function draftRows(env: MailboxApp, conversationId: string) {
  return env.database.db.select().from(inboxDrafts).where(eq(inboxDrafts.conversationId, conversationId));
}

/** A writer that does whatever the prospect's latest message says: what a model fooled by injection writes. */
export const obedientWriter: AiWriter = {
  mode: 'model',
  model: 'obedient-test-model',
  write: async () => '',
  draftAnswer: async (input) => ({
    text: `Hello,\n\n${input.thread.filter((m) => m.from === 'prospect').at(-1)?.text ?? ''}\n\nBest`,
  }),
};

/** POST with `Accept: text/event-stream`, signed in as the user in a session of its own. */
export async function streamPost(env: MailboxApp, user: TrackingUser, url: string, body: unknown) {
  const [row] = await env.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, user.workspaceId));
  const headers = { origin: env.appUrl, 'content-type': 'application/json' };
  const login = await fetch(new URL('/api/auth/login', env.appUrl), {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: row!.email, password: 'first-password-1' }),
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('prospector_sid='))
    ?.split(';')[0];
  const response = await fetch(new URL(url, env.appUrl), {
    method: 'POST',
    headers: { ...headers, cookie: cookie ?? '', accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}
