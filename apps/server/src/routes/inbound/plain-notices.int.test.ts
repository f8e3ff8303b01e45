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

/** A message lands in the thread of the seeded email, from an ordinary address; the poller reads it. */
async function arrives(user: TrackingUser, seeded: SentSequenceEmail, from: string, body: string[]) {
  env.clock.advance(60_000);
  const headers = [`From: ${from}`, `To: ${user.account.email}`, 'Subject: Re: Quick question', ''];
  await env.sandbox.control.deliverInThread(
    [await sandboxKeyOf(env, user.account.email)],
    seeded.first.gmailMessageId!,
    [...headers, ...body].join('\r\n'),
  );
  await pollReplies(user.deps);
}

const eventOf = async (seeded: SentSequenceEmail) => {
  const [event] = await env.database.db
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.emailSendId, seeded.first.id));
  return event;
};

describe('plain-text notices of old servers and list managers, through the sandbox Gmail', () => {
  it("a list manager's letter quoting our message: a hard bounce, not a reply", async () => {
    const user = await trackingUser(env);
    const seeded = await sentSequenceEmail(env, user);
    await arrives(user, seeded, 'Majordomo <majordomo@lists.fabrikam.example>', [
      'Your message to sales@lists.fabrikam.example was not distributed to one member:',
      '',
      `    ${seeded.contact.email}: no such user here`,
      '',
      `> Message-ID: ${seeded.first.messageId}`,
      '> Subject: Quick question',
    ]);
    const after = await stateOf(env, seeded);
    expect(after.contact.hardBounced).toBe(true);
    expect(after.first.repliedAt).toBeNull();
    expect(after.enrolment.status).toBe('bounced');
    expect(await eventOf(seeded)).toMatchObject({ type: 'bounce', flaggedReason: null });
  });

  it("a relay refusal of the recipient's server is a hard bounce", async () => {
    const user = await trackingUser(env);
    const seeded = await sentSequenceEmail(env, user);
    await arrives(user, seeded, 'MAILER-DAEMON@mx1.northwind-relay.example', [
      `Your message could not be delivered to ${seeded.contact.email}.`,
      `550 <${seeded.contact.email}>... Relaying denied`,
      '',
      '--- Below this line is a copy of the message.',
      `Message-ID: ${seeded.first.messageId}`,
    ]);
    const after = await stateOf(env, seeded);
    expect(after.contact.hardBounced).toBe(true);
    expect(after.enrolment).toMatchObject({ status: 'bounced', lastError: 'Hard bounce (550)' });
  });

  it('a notice no rule can place is unclassified: shown for the user to mark, the sequence goes on', async () => {
    const user = await trackingUser(env);
    const seeded = await sentSequenceEmail(env, user);
    await arrives(user, seeded, 'office@fabrikam.example', [
      `Your mail to ${seeded.contact.email} could not be delivered: unknown user.`,
    ]);
    const after = await stateOf(env, seeded);
    expect(after.first.repliedAt).toBeNull();
    expect(after.contact.hardBounced).toBe(false);
    expect(after.enrolment.status).toBe('active');
    const replies = await user.browser.get('/api/replies');
    expect(replies.json<{ replies: { type: string }[] }>().replies.map((r) => r.type)).toEqual([
      'unclassified',
    ]);
  });
});
