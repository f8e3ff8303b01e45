import type { ClassifiedInbound, RepliesResponse, SequenceAnalytics } from '@prospector/contracts';
import { pollReplies } from '@prospector/core';
import { trackingEvents } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailboxApp, sandboxKeyOf, startMailboxApp } from '../../testing/gmail-test-kit';
import {
  type SentSequenceEmail,
  sentSequenceEmail,
  stateOf,
  type TrackingUser,
  trackingUser,
} from '../../testing/tracking-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

/** An automated message no rule knows lands in the seeded email's thread; returns its Replies item. */
async function unclassifiedArrives(user: TrackingUser, seeded: SentSequenceEmail) {
  env.clock.advance(60_000);
  await env.sandbox.control.deliverInThread(
    [await sandboxKeyOf(env, user.account.email)],
    seeded.first.gmailMessageId!,
    [
      'From: no-reply@fabrikam.example',
      `To: ${user.account.email}`,
      'Subject: Re: Quick question',
      `In-Reply-To: ${seeded.first.messageId}`,
      '',
      'Your message was filed.',
    ].join('\r\n'),
  );
  await pollReplies(user.deps);
  const { replies } = (await user.browser.get('/api/replies')).json<RepliesResponse>();
  expect(replies.map((r) => r.type)).toEqual(['unclassified']);
  return replies[0]!;
}

const mark = (user: TrackingUser, eventId: string, as: string) =>
  user.browser.post(`/api/replies/${eventId}/classify`, { as });

const eventOf = async (id: string) =>
  (await env.database.db.select().from(trackingEvents).where(eq(trackingEvents.id, id)))[0]!;

describe('marking an unclassified automated message from the Replies view', () => {
  it('as a reply: the enrolment stops as replied, its follow-up is cancelled and analytics count it, once', async () => {
    const user = await trackingUser(env);
    const seeded = await sentSequenceEmail(env, user);
    const item = await unclassifiedArrives(user, seeded);
    env.clock.advance(60_000);

    const marked = await mark(user, item.id, 'reply');
    expect(marked.status).toBe(200);
    expect(marked.json<ClassifiedInbound>()).toEqual({ id: item.id, type: 'reply', classifiedAs: 'reply' });
    const after = await stateOf(env, seeded);
    expect(after.first.repliedAt).toEqual(env.clock.now());
    expect(after.first.reaction).toBe('replied');
    expect(after.enrolment.status).toBe('replied');
    expect(after.followUp.state).toBe('cancelled');
    const analytics = (
      await user.browser.get(`/api/sequences/${seeded.sequence.id}/analytics`)
    ).json<SequenceAnalytics>();
    expect(analytics.totals.replied).toBe(1);
    const event = await eventOf(item.id);
    expect(event.type).toBe('reply');
    expect(event.rawPayload).toMatchObject({
      classifiedByUser: { as: 'reply', at: env.clock.now().toISOString() },
    });
    const { replies } = (await user.browser.get('/api/replies')).json<RepliesResponse>();
    expect(replies.map((r) => [r.id, r.type])).toEqual([[item.id, 'reply']]);

    // A second mark, even a different one, changes nothing more.
    env.clock.advance(60_000);
    const again = await mark(user, item.id, 'bounce');
    expect(again.json<ClassifiedInbound>()).toEqual({ id: item.id, type: 'reply', classifiedAs: 'reply' });
    const later = await stateOf(env, seeded);
    expect(later.contact.hardBounced).toBe(false);
    expect(later.first.repliedAt).toEqual(after.first.repliedAt);
    expect((await eventOf(item.id)).rawPayload).toEqual(event.rawPayload);
  });

  it('as a bounce: the contact is suppressed, the send bounced, the enrolment ended, even when marked twice at once', async () => {
    const user = await trackingUser(env);
    const seeded = await sentSequenceEmail(env, user);
    const item = await unclassifiedArrives(user, seeded);
    const answers = await Promise.all([mark(user, item.id, 'bounce'), mark(user, item.id, 'bounce')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const after = await stateOf(env, seeded);
    expect(after.contact.hardBounced).toBe(true);
    expect(after.first.bouncedAt).toEqual(env.clock.now());
    expect(after.enrolment).toMatchObject({ status: 'bounced', lastError: 'Hard bounce (5.0.0)' });
    expect(after.followUp.state).toBe('cancelled');
    expect(await eventOf(item.id)).toMatchObject({
      type: 'bounce',
      flaggedReason: null,
      rawPayload: expect.objectContaining({ bounce: expect.objectContaining({ kind: 'hard' }) }),
    });
    expect((await user.browser.get('/api/replies')).json<RepliesResponse>().replies).toEqual([]);
  });

  it('as an automatic reply or ignored: nothing changes; ignored leaves the list', async () => {
    const user = await trackingUser(env);
    const seeded = await sentSequenceEmail(env, user);
    const auto = await unclassifiedArrives(user, seeded);
    expect((await mark(user, auto.id, 'auto_reply')).json<ClassifiedInbound>().type).toBe('auto_reply');
    const ignored = await unclassifiedArrives(user, seeded);
    expect((await mark(user, ignored.id, 'ignore')).json<ClassifiedInbound>()).toEqual({
      id: ignored.id,
      type: 'unclassified',
      classifiedAs: 'ignore',
    });
    const after = await stateOf(env, seeded);
    expect(after.first.repliedAt).toBeNull();
    expect(after.contact.hardBounced).toBe(false);
    expect(after.enrolment.status).toBe('active');
    expect(after.followUp.state).toBe('scheduled');
    const withAuto = (await user.browser.get('/api/replies?includeAutoReplies=true')).json<RepliesResponse>();
    expect(withAuto.replies.map((r) => [r.id, r.type])).toEqual([[auto.id, 'auto_reply']]);
  });

  it("another user's message is a 404, a bad mark a 400", async () => {
    const owner = await trackingUser(env);
    const seeded = await sentSequenceEmail(env, owner);
    const item = await unclassifiedArrives(owner, seeded);
    const stranger = await trackingUser(env);
    const refused = await mark(stranger, item.id, 'bounce');
    expect(refused.status).toBe(404);
    expect((await mark(stranger, 'not-an-id', 'reply')).status).toBe(404);
    const bad = await mark(owner, item.id, 'spam');
    expect(bad.status).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('as must be one of');
    expect((await stateOf(env, seeded)).contact.hardBounced).toBe(false);
    expect((await eventOf(item.id)).type).toBe('unclassified');
  });
});
