import { pollReplies } from '@prospector/core';
import { gmailAccounts, trackingEvents } from '@prospector/db';
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

const eventsOf = (emailSendId: string) =>
  env.database.db.select().from(trackingEvents).where(eq(trackingEvents.emailSendId, emailSendId));

/** A message from the outside world lands in the thread of the seeded email; the poller reads it. */
async function arrives(user: TrackingUser, seeded: SentSequenceEmail, lines: string[]) {
  env.clock.advance(60_000);
  const row = await env.sandbox.control.deliverInThread(
    [await sandboxKeyOf(env, user.account.email)],
    seeded.first.gmailMessageId!,
    lines.join('\r\n'),
  );
  expect(row).toBeDefined();
  await pollReplies(user.deps);
}

const fromDaemon = (user: TrackingUser, subject: string) => [
  'Return-Path: <>',
  'From: Mail Delivery System <MAILER-DAEMON@mx1.fabrikam.example>',
  `To: ${user.account.email}`,
  `Subject: ${subject}`,
  'Date: Mon, 16 Nov 2026 17:10:00 +0000',
];

describe('inbound mail as mail servers write it, through the sandbox Gmail', () => {
  it('a prose-only bounce quoting the original: hard bounce, contact flagged, enrolment stopped', async () => {
    const user = await trackingUser(env);
    const seeded = await sentSequenceEmail(env, user);
    await arrives(user, seeded, [
      ...fromDaemon(user, 'failure notice'),
      '',
      'This is the mail transport at mx1.fabrikam.example.',
      'Your message could not be delivered to the following address:',
      '',
      `<${seeded.contact.email}>:`,
      'No such user here.',
      '',
      '--- A copy of the returned message follows.',
      '',
      `Message-ID: ${seeded.first.messageId}`,
      'Subject: Quick question',
    ]);
    const after = await stateOf(env, seeded);
    expect(after.contact.hardBounced).toBe(true);
    expect(after.first.bouncedAt).toEqual(env.clock.now());
    expect(after.enrolment).toMatchObject({ status: 'bounced', lastError: 'Hard bounce (5.0.0)' });
    expect(after.followUp.state).toBe('cancelled');
    const [event] = await eventsOf(seeded.first.id);
    expect(event).toMatchObject({ type: 'bounce', flaggedReason: null });
  });

  it('a 5.7.1 policy rejection is sender-side: the send bounced, the contact and enrolment are left alone', async () => {
    const user = await trackingUser(env);
    const seeded = await sentSequenceEmail(env, user);
    await arrives(user, seeded, [
      ...fromDaemon(user, 'Undelivered Mail Returned to Sender'),
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="p1"',
      '',
      '--p1',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered to one or more recipients.',
      '--p1',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx1.fabrikam.example',
      '',
      `Final-Recipient: rfc822; ${seeded.contact.email}`,
      'Action: failed',
      'Status: 5.7.1',
      'Diagnostic-Code: smtp; 550 5.7.1 Message refused by local policy: sender reputation too low',
      '--p1',
      'Content-Type: text/rfc822-headers',
      '',
      `Message-ID: ${seeded.first.messageId}`,
      '--p1--',
    ]);
    const after = await stateOf(env, seeded);
    expect(after.contact.hardBounced).toBe(false);
    expect(after.first.bouncedAt).toEqual(env.clock.now());
    expect(after.enrolment.status).toBe('active');
    expect(after.followUp.state).toBe('scheduled');
    const [event] = await eventsOf(seeded.first.id);
    expect(event).toMatchObject({ type: 'bounce', flaggedReason: 'sender_rejection' });
    const [account] = await env.database.db
      .select()
      .from(gmailAccounts)
      .where(eq(gmailAccounts.id, user.account.id));
    expect(account?.pausedAt).toBeNull();
    const mailboxes = await user.browser.get('/api/gmail/accounts');
    const listed = mailboxes.json<{ id: string; senderRejections: unknown }[]>();
    expect(listed.find((a) => a.id === user.account.id)?.senderRejections).toEqual({
      count: 1,
      last: {
        at: env.clock.now().toISOString(),
        status: '5.7.1',
        diagnostic: '550 5.7.1 Message refused by local policy: sender reputation too low',
      },
    });
    const timeline = await user.browser.get(`/api/contacts/${seeded.contact.id}/events`);
    expect(timeline.json<{ events: { detail: string }[] }>().events[0]?.detail).toBe(
      "Rejected by the recipient's server 5.7.1",
    );
  });

  it('a delay notice is recorded and changes nothing', async () => {
    const user = await trackingUser(env);
    const seeded = await sentSequenceEmail(env, user);
    await arrives(user, seeded, [
      ...fromDaemon(user, 'Delivery Status Notification (Delay)'),
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="d1"',
      '',
      '--d1',
      'Content-Type: text/plain',
      '',
      'Delivery is delayed; the server will keep trying for 44 more hours.',
      '--d1',
      'Content-Type: message/delivery-status',
      '',
      `Final-Recipient: rfc822; ${seeded.contact.email}`,
      'Action: delayed',
      'Status: 4.4.1',
      '--d1--',
    ]);
    const after = await stateOf(env, seeded);
    expect(after.contact.hardBounced).toBe(false);
    expect(after.first.bouncedAt).toBeNull();
    expect(after.first.repliedAt).toBeNull();
    expect(after.enrolment.status).toBe('active');
    expect(after.followUp.state).toBe('scheduled');
    expect((await eventsOf(seeded.first.id)).map((e) => e.type)).toEqual(['delay']);
  });

  it('an out-of-office reply with a return date holds the next email until the send time after it', async () => {
    const user = await trackingUser(env);
    const seeded = await sentSequenceEmail(env, user);
    const back = new Date(env.clock.now().getTime() + 10 * 24 * 3600_000);
    const backDay = back.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });
    await arrives(user, seeded, [
      `From: Jamie <${seeded.contact.email}>`,
      `To: ${user.account.email}`,
      'Subject: Automatic reply: Quick question',
      `In-Reply-To: ${seeded.first.messageId}`,
      'Auto-Submitted: auto-replied',
      '',
      `Thank you for your message. I am travelling and will be back on ${backDay}.`,
    ]);
    const returnDate = new Date(Date.UTC(back.getUTCFullYear(), back.getUTCMonth(), back.getUTCDate()));
    const after = await stateOf(env, seeded);
    expect(after.enrolment).toMatchObject({ status: 'active', outOfOfficeUntil: returnDate });
    expect(after.first.repliedAt).toBeNull();
    expect(after.followUp.state).toBe('scheduled');
    expect(after.followUp.scheduledFor.getTime()).toBeGreaterThan(returnDate.getTime());
    expect(after.followUp.scheduledFor.getTime()).toBeLessThanOrEqual(returnDate.getTime() + 24 * 3600_000);
    const replies = await user.browser.get('/api/replies?includeAutoReplies=true');
    expect(replies.json<{ replies: { type: string; outOfOfficeUntil: string }[] }>().replies).toEqual([
      expect.objectContaining({ type: 'auto_reply', outOfOfficeUntil: returnDate.toISOString() }),
    ]);
    const timeline = await user.browser.get(`/api/contacts/${seeded.contact.id}/events`);
    expect(timeline.json<{ events: { detail: string }[] }>().events[0]?.detail).toBe(
      `Out of office until ${returnDate.toISOString().slice(0, 10)}`,
    );
  });

  it('an automated message no rule knows is shown in the Replies view, not counted as a reply', async () => {
    const user = await trackingUser(env);
    const seeded = await sentSequenceEmail(env, user);
    await arrives(user, seeded, [
      'From: no-reply@fabrikam.example',
      `To: ${user.account.email}`,
      'Subject: Re: Quick question',
      `In-Reply-To: ${seeded.first.messageId}`,
      '',
      'Your message was filed.',
    ]);
    const after = await stateOf(env, seeded);
    expect(after.first.repliedAt).toBeNull();
    expect(after.enrolment.status).toBe('active');
    const replies = await user.browser.get('/api/replies');
    expect(replies.json<{ replies: { type: string }[] }>().replies.map((r) => r.type)).toEqual([
      'unclassified',
    ]);
  });

  it("a person's reply shows only what they wrote in the Replies view", async () => {
    const user = await trackingUser(env);
    const seeded = await sentSequenceEmail(env, user);
    env.clock.advance(60_000);
    await user.browser.post(`/api/sandbox/messages/${seeded.first.gmailMessageId}/reply`, {
      text: 'Yes, Thursday works.',
    });
    await pollReplies(user.deps);
    const replies = await user.browser.get('/api/replies');
    const [reply] = replies.json<{ replies: { snippet: string }[] }>().replies;
    expect(reply?.snippet).toBe('Yes, Thursday works.');
  });
});
