import { pollReplies } from '@prospector/core';
import { trackingEvents } from '@prospector/db';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';
import { sentSequenceEmail, stateOf, trackingUser } from '../../testing/tracking-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

const DAY = 24 * 3600_000;

describe("a mailbox left unsynced past Gmail's history expiry", () => {
  it('is resynced in full: every reply and bounce that arrived meanwhile is recorded once, none missed', async () => {
    const user = await trackingUser(env);
    const answered = await sentSequenceEmail(env, user);
    const second = await sentSequenceEmail(env, user);
    const bounced = await sentSequenceEmail(env, user);
    await pollReplies(user.deps);

    // A reply seen by a regular poll before the mailbox stops being synced.
    env.clock.advance(3600_000);
    await user.browser.post(`/api/sandbox/messages/${answered.first.gmailMessageId}/reply`, {
      text: 'Yes, send me the deck.',
    });
    const firstRepliedAt = env.clock.now();
    const before = await pollReplies(user.deps);
    expect(before.synced.find((s) => s.accountId === user.account.id)?.mode).toBe('incremental');

    // Nine days without a poll: a reply on day one, a bounce on day two, then Gmail's week of history ends.
    env.clock.advance(DAY);
    await user.browser.post(`/api/sandbox/messages/${second.first.gmailMessageId}/reply`, {
      text: 'Not now, maybe next quarter.',
    });
    const secondRepliedAt = env.clock.now();
    env.clock.advance(DAY);
    await user.browser.post(`/api/sandbox/messages/${bounced.first.gmailMessageId}/bounce`);
    const bouncedAt = env.clock.now();
    env.clock.advance(7 * DAY);

    const outcome = await pollReplies(user.deps);
    const sync = outcome.synced.find((s) => s.accountId === user.account.id);
    expect(sync?.mode).toBe('resync');
    const fresh = sync!.recorded.filter((r) => r.emailSendId !== answered.first.id);
    expect(fresh).toEqual([
      { type: 'reply', emailSendId: second.first.id },
      { type: 'bounce', emailSendId: bounced.first.id },
    ]);

    const sends = [answered.first.id, second.first.id, bounced.first.id];
    const events = await env.database.db
      .select()
      .from(trackingEvents)
      .where(inArray(trackingEvents.emailSendId, sends));
    const count = (id: string, type: string) =>
      events.filter((e) => e.emailSendId === id && e.type === type).length;
    expect(events).toHaveLength(3);
    expect(count(answered.first.id, 'reply')).toBe(1);
    expect(count(second.first.id, 'reply')).toBe(1);
    expect(count(bounced.first.id, 'bounce')).toBe(1);

    // Each at the moment it arrived, the earlier reply untouched.
    expect((await stateOf(env, answered)).first.repliedAt).toEqual(firstRepliedAt);
    const secondState = await stateOf(env, second);
    expect(secondState.first.repliedAt).toEqual(secondRepliedAt);
    expect(secondState.enrolment.status).toBe('replied');
    const bouncedState = await stateOf(env, bounced);
    expect(bouncedState.first.bouncedAt).toEqual(bouncedAt);
    expect(bouncedState.contact.hardBounced).toBe(true);

    // The cursor moved on: the next poll reads history again and records nothing more.
    const next = await pollReplies(user.deps);
    const again = next.synced.find((s) => s.accountId === user.account.id);
    expect(again).toMatchObject({ mode: 'incremental', recorded: [] });
    const after = await env.database.db
      .select()
      .from(trackingEvents)
      .where(inArray(trackingEvents.emailSendId, sends));
    expect(after).toHaveLength(3);
  });
});
