import { pollReplies } from '@prospector/core';
import { emailSends, gmailAccounts, trackingEvents } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailboxApp, sandboxKeyOf, startMailboxApp } from '../../testing/gmail-test-kit';
import { sentSequenceEmail, stateOf, trackingUser } from '../../testing/tracking-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

/** A user with a connected mailbox: connecting stores the mailbox's history id, the poller's cursor. */
async function polledUser() {
  const user = await trackingUser(env);
  expect(user.account.lastHistoryId).toMatch(/^\d+$/);
  return user;
}

const eventsOf = (emailSendId: string) =>
  env.database.db.select().from(trackingEvents).where(eq(trackingEvents.emailSendId, emailSendId));

describe('the reply poller', () => {
  it('records a reply within one poll: replied_at set, the enrolment stopped, its follow-up cancelled', async () => {
    const user = await polledUser();
    const seeded = await sentSequenceEmail(env, user);
    env.clock.advance(3600_000);
    const reply = await user.browser.post(`/api/sandbox/messages/${seeded.first.gmailMessageId}/reply`, {
      text: 'Sounds good, call me Thursday.',
    });
    expect(reply.status).toBe(200);
    const repliedAt = env.clock.now();

    const outcome = await pollReplies(user.deps);
    const sync = outcome.synced.find((s) => s.accountId === user.account.id);
    expect(sync?.recorded).toEqual([{ type: 'reply', emailSendId: seeded.first.id }]);

    const after = await stateOf(env, seeded);
    expect(after.first.repliedAt).toEqual(repliedAt);
    expect(after.first.reaction).toBe('replied');
    expect(after.enrolment.status).toBe('replied');
    expect(after.followUp.state).toBe('cancelled');
    const [event] = await eventsOf(seeded.first.id);
    expect(event).toMatchObject({ type: 'reply', flaggedReason: null, contactId: seeded.contact.id });
    expect((event!.rawPayload as { snippet: string }).snippet).toContain('Sounds good, call me Thursday.');

    // Seen again (a second poll, or a resync): nothing is recorded twice.
    await pollReplies(user.deps);
    expect(await eventsOf(seeded.first.id)).toHaveLength(1);

    const replies = (await user.browser.get('/api/replies')).json<{ replies: { snippet: string }[] }>();
    expect(replies.replies).toHaveLength(1);
    expect(replies.replies[0]).toMatchObject({
      type: 'reply',
      contact: { id: seeded.contact.id, email: seeded.contact.email },
      sequence: { id: seeded.sequence.id, name: 'Q4 outreach' },
      step: { order: 1, name: 'Intro' },
      threadUrl: '/sandbox/inbox',
    });
  });

  it('records an out-of-office answer as an auto-reply that stops nothing', async () => {
    const user = await polledUser();
    const seeded = await sentSequenceEmail(env, user);
    env.clock.advance(60_000);
    const ooo = await user.browser.post(`/api/sandbox/messages/${seeded.first.gmailMessageId}/auto-reply`);
    expect(ooo.status).toBe(200);
    await pollReplies(user.deps);

    const after = await stateOf(env, seeded);
    expect(after.first.repliedAt).toBeNull();
    expect(after.enrolment.status).toBe('active');
    expect(after.followUp.state).toBe('scheduled');
    expect((await eventsOf(seeded.first.id)).map((e) => e.type)).toEqual(['auto_reply']);

    const hidden = (await user.browser.get('/api/replies')).json<{ replies: unknown[] }>();
    expect(hidden.replies).toEqual([]);
    const shown = (await user.browser.get('/api/replies?includeAutoReplies=true')).json<{
      replies: { type: string }[];
    }>();
    expect(shown.replies.map((r) => r.type)).toEqual(['auto_reply']);
  });

  it('takes a hard bounce: contact flagged, bounced_at set, enrolment stopped, follow-up cancelled', async () => {
    const user = await polledUser();
    const seeded = await sentSequenceEmail(env, user);
    env.clock.advance(60_000);
    await user.browser.post(`/api/sandbox/messages/${seeded.first.gmailMessageId}/bounce`);
    await pollReplies(user.deps);

    const after = await stateOf(env, seeded);
    expect(after.contact.hardBounced).toBe(true);
    expect(after.first.bouncedAt).toEqual(env.clock.now());
    expect(after.enrolment).toMatchObject({ status: 'bounced', lastError: 'Hard bounce (5.1.1)' });
    expect(after.followUp.state).toBe('cancelled');
    const [event] = await eventsOf(seeded.first.id);
    expect(event).toMatchObject({ type: 'bounce', flaggedReason: null });

    const timeline = await user.browser.get(`/api/contacts/${seeded.contact.id}/events`);
    expect(timeline.json<{ events: { type: string; detail: string }[] }>().events).toEqual([
      expect.objectContaining({
        type: 'bounce',
        detail: 'Hard bounce 5.1.1',
        emailSubject: 'Quick question',
      }),
    ]);
  });

  it('resyncs through messages.list when Gmail no longer has the stored history (404)', async () => {
    const user = await polledUser();
    const seeded = await sentSequenceEmail(env, user);
    // Eight days later the sent message's history record is gone: history.list answers 404.
    env.clock.advance(8 * 24 * 3600_000);
    await user.browser.post(`/api/sandbox/messages/${seeded.first.gmailMessageId}/reply`);
    const outcome = await pollReplies(user.deps);
    const sync = outcome.synced.find((s) => s.accountId === user.account.id);
    expect(sync?.mode).toBe('resync');
    expect(sync?.recorded).toEqual([{ type: 'reply', emailSendId: seeded.first.id }]);
    expect((await stateOf(env, seeded)).enrolment.status).toBe('replied');

    // The cursor moved on: the next poll reads history again.
    const next = await pollReplies(user.deps);
    expect(next.synced.find((s) => s.accountId === user.account.id)?.mode).toBe('incremental');
  });

  it('marks a mailbox whose grant was revoked token_expired and keeps polling the others', async () => {
    const revoked = await polledUser();
    const healthy = await polledUser();
    await env.sandbox.control.expireAccessTokens(await sandboxKeyOf(env, revoked.account.email));
    await env.sandbox.control.revokeAll(await sandboxKeyOf(env, revoked.account.email));
    const outcome = await pollReplies(healthy.deps);
    expect(outcome.failed.map((f) => f.accountId)).toContain(revoked.account.id);
    expect(outcome.synced.map((s) => s.accountId)).toContain(healthy.account.id);
    const [row] = await env.database.db
      .select()
      .from(gmailAccounts)
      .where(eq(gmailAccounts.id, revoked.account.id));
    expect(row!.status).toBe('token_expired');
  });
});

describe('mailbox health', () => {
  it('pauses a mailbox past 5% hard bounces over its last sends (at least 20), and Resume lifts it', async () => {
    const user = await polledUser();
    const bounced = [await sentSequenceEmail(env, user), await sentSequenceEmail(env, user)];
    // 18 more sent emails of the mailbox: 20 in all.
    const template = bounced[0]!.first;
    for (let i = 0; i < 18; i++) {
      await env.database.db.insert(emailSends).values({
        workspaceId: user.workspaceId,
        sequenceContactId: template.sequenceContactId,
        sequenceId: template.sequenceId,
        contactId: template.contactId,
        senderAccountId: user.account.id,
        stepId: null,
        trackingToken: `filler-tracking-${i}-${user.account.id}`,
        unsubscribeToken: `filler-unsubscribe-${i}-${user.account.id}`,
        state: 'sent',
        scheduledFor: env.clock.now(),
        sentAt: env.clock.now(),
      });
    }
    env.clock.advance(60_000);
    const account = async () => {
      const list = (await user.browser.get('/api/gmail/accounts')).json<
        { id: string; paused: { reason: string } | null }[]
      >();
      return list.find((a) => a.id === user.account.id)!;
    };

    await user.browser.post(`/api/sandbox/messages/${bounced[0]!.first.gmailMessageId}/bounce`);
    await pollReplies(user.deps);
    expect((await account()).paused).toBeNull(); // 1 of 20: 5%, not above

    await user.browser.post(`/api/sandbox/messages/${bounced[1]!.first.gmailMessageId}/bounce`);
    await pollReplies(user.deps);
    expect((await account()).paused?.reason).toContain('2 of the last 20 emails bounced (10%');

    const resumed = await user.browser.post(`/api/gmail/accounts/${user.account.id}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.json<{ paused: unknown }>().paused).toBeNull();
    expect((await account()).paused).toBeNull();
  });
});
