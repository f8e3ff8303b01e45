import { type AiWriter, runAutoSendRound } from '@prospector/core';
import { users } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';
import { assistantUser, conversationOf, prospectAnswers } from './assistant-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

const PRIVATE = 'Internal, never say to prospects: our floor price is $5';
const settings = (about: string) => ({
  about,
  autoDraftStatuses: ['interested' as const, 'question' as const],
  autoSend: { enabled: true, statuses: ['interested' as const], delayMinutes: 10, dailyCap: 20 },
});
const ASKS_PRICE = "I'm interested. How much does it cost? Can we talk on Tuesday?";

/** A writer that knows the private line some other way and says it: auto-send must still hold it. */
const leakyWriter: AiWriter = {
  mode: 'model',
  model: 'leaky-test-model',
  write: async () => '',
  draftAnswer: async () => ({ text: 'Hello,\n\nOur floor price is $5 if you sign this week.\n\nBest' }),
};

describe('lines of "about us" marked never to be said', () => {
  it('the sandbox writer leaves them out, offers the meeting link and signs with the user’s name', async () => {
    const about = [
      'Pricing: $49 per user per month.',
      PRIVATE,
      'Book a call: https://cal.acme.example/intro',
    ];
    const user = await assistantUser(env, settings(about.join('\n')));
    const { conversationId } = await prospectAnswers(env, user, ASKS_PRICE);
    const { draft } = await conversationOf(user, conversationId);
    expect(draft!.text).toContain('Pricing: $49 per user per month.');
    expect(draft!.text).toContain('https://cal.acme.example/intro');
    expect(draft!.text).not.toMatch(/\$5|floor/);
    const [row] = await env.database.db
      .select({ name: users.fullName })
      .from(users)
      .where(eq(users.id, user.workspaceId));
    expect(draft!.text.endsWith(`\n${row!.name}`)).toBe(true);
    expect(draft).toMatchObject({ refusedReason: null, sendAt: expect.any(String) });
  });

  it('a draft that repeats one is never sent automatically, whatever wrote it', async () => {
    const user = await assistantUser(env, settings(`Pricing: $49 per user per month.\n${PRIVATE}`));
    const { conversationId } = await prospectAnswers(env, user, ASKS_PRICE, leakyWriter);
    const before = (await conversationOf(user, conversationId)).draft!;
    expect(before).toMatchObject({ sendAt: null });
    expect(before.refusedReason).toMatch(/marked never to be said/);
    env.clock.advance(3600_000);
    await runAutoSendRound(user.deps);
    const after = await conversationOf(user, conversationId);
    expect(after.messages.filter((m) => m.direction === 'out')).toHaveLength(1);
  });
});
