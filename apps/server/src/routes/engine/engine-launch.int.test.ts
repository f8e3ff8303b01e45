import { runEngineRound } from '@prospector/core';
import { contacts, gmailAccounts, sequenceContacts } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engineUser, header } from '../../testing/engine-test-kit';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());
beforeEach(() => env.clock.set(new Date('2025-05-01T09:00:00Z')));

describe('POST /api/sequences/{id}/launch', () => {
  it('enrolls the linked lists, skipping by reason, and schedules step 1 at its local send time', async () => {
    const u = await engineUser(env);
    const template = await u.template();
    const sequence = await u.sequence({ timezone: 'America/New_York', contactLimit: 4 });
    await u.step(sequence.id, 1, { templateId: template.id, sendHour: 10, sendMinute: 30 });
    const ok = [await u.contact({ firstName: 'Ada' }), await u.contact(), await u.contact()];
    const skipped = [
      await u.contact({ unsubscribed: true }),
      await u.contact({ suppressed: true }),
      await u.contact({ hardBounced: true }),
      await u.contact({ tags: ['blacklist'] }),
      await u.contact({ email: 'someone@mailinator.com' }),
      await u.contact({ email: 'not-an-address' }),
    ];
    const extra = [await u.contact(), await u.contact()];
    await u.list(sequence.id, [...ok, ...skipped, ...extra]);

    const response = await u.launch(sequence.id);
    expect(response.status).toBe(200);
    const body = response.json<{
      enrolled: number;
      skipped: Record<string, number>;
      sequence: { status: string };
    }>();
    expect(body.enrolled).toBe(4);
    expect(body.skipped).toEqual({
      alreadyEnrolled: 0,
      unsubscribed: 1,
      suppressed: 1,
      bounced: 1,
      blacklisted: 3,
      overLimit: 1,
      inOtherSequence: 0,
    });
    expect(body.sequence.status).toBe('running');
    const [fake] = await env.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.email, 'someone@mailinator.com'));
    expect(fake?.tags).toContain('blacklist');

    const sends = await u.sends(sequence.id);
    expect(sends).toHaveLength(4);
    // 09:00 UTC is 05:00 in New York (EDT): step 1 goes out the same local day at 10:30 = 14:30 UTC.
    for (const send of sends) {
      expect(send.state).toBe('scheduled');
      expect(send.scheduledFor.toISOString()).toBe('2025-05-01T14:30:00.000Z');
      expect(send.messageId).toMatch(/^<.+@engine-test\.example>$/);
      expect(send.htmlBody).toContain(`${env.appUrl}/t/o/${send.trackingToken}.gif`);
      expect(send.htmlBody).toContain(`${env.appUrl}/u/${send.unsubscribeToken}`);
    }
    const ada = sends.find((s) => s.contactId === ok[0]!.id);
    expect(ada?.subject).toBe('Hello Ada');
    const other = sends.find((s) => s.contactId === ok[1]!.id);
    expect(other?.subject).toBe('Hello friend');
    expect(other?.htmlBody).toContain('Hi there,');
  });

  it('sends each email once at its time, from the pinned mailbox, with the stored headers', async () => {
    const u = await engineUser(env);
    const template = await u.template('Quick question', '<p>Hi {{name}}</p>');
    const sequence = await u.sequence();
    await u.step(sequence.id, 1, { templateId: template.id, sendHour: 10 });
    const lead = await u.contact({ name: 'lead-x@example.com', email: 'lead-x@example.com' });
    await u.list(sequence.id, [lead, await u.contact({ firstName: 'Bo', lastName: 'Lee' })]);
    expect((await u.launch(sequence.id)).status).toBe(200);

    await runEngineRound(u.deps);
    expect(await u.inbox()).toHaveLength(0);
    env.clock.set(new Date('2025-05-01T10:00:00Z'));
    const round = await runEngineRound(u.deps);
    expect(round.sent).toBe(2);
    await runEngineRound(u.deps);

    const inbox = await u.inbox();
    expect(inbox).toHaveLength(2);
    const sends = await u.sends(sequence.id);
    for (const send of sends) {
      expect(send.state).toBe('sent');
      expect(send.sentAt?.toISOString()).toBe('2025-05-01T10:00:00.000Z');
      const message = inbox.find((m) => header(m, 'Message-ID') === send.messageId);
      expect(message?.id).toBe(send.gmailMessageId);
      expect(message?.threadId).toBe(send.gmailThreadId);
      expect(header(message!, 'From')).toContain(u.account.email);
      expect(header(message!, 'List-Unsubscribe')).toBe(`<${env.appUrl}/u/${send.unsubscribeToken}>`);
      expect(header(message!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(header(message!, 'Subject')).toBe('Quick question');
    }
    const toLead = inbox.find((m) => header(m, 'To')?.includes('lead-x@example.com'));
    expect(toLead?.html).toContain('Hi there');
    const [enrolment] = await env.database.db
      .select()
      .from(sequenceContacts)
      .where(eq(sequenceContacts.contactId, lead.id));
    // Judged when the 48-hour reaction window closes.
    expect(enrolment?.nextRunAt?.toISOString()).toBe('2025-05-03T10:00:00.000Z');
    expect(enrolment?.senderAccountId).toBe(u.account.id);
  });

  it('only enrolls new list members when launched again, and never schedules a step twice', async () => {
    const u = await engineUser(env);
    const template = await u.template();
    const sequence = await u.sequence();
    await u.step(sequence.id, 1, { templateId: template.id });
    const list = await u.list(sequence.id, [await u.contact(), await u.contact()]);
    expect((await u.launch(sequence.id)).json<{ enrolled: number }>().enrolled).toBe(2);

    const again = (await u.launch(sequence.id)).json<{
      enrolled: number;
      skipped: { alreadyEnrolled: number };
    }>();
    expect(again.enrolled).toBe(0);
    expect(again.skipped.alreadyEnrolled).toBe(2);
    await u.addToList(list.id, [await u.contact()]);
    const third = (await u.launch(sequence.id)).json<{
      enrolled: number;
      skipped: { alreadyEnrolled: number };
    }>();
    expect(third).toMatchObject({ enrolled: 1, skipped: { alreadyEnrolled: 2 } });
    await runEngineRound(u.deps);
    env.clock.set(new Date('2025-05-01T10:00:00Z'));
    await runEngineRound(u.deps);
    await runEngineRound(u.deps);
    expect(await u.sends(sequence.id)).toHaveLength(3);
    expect(await u.inbox()).toHaveLength(3);
  });

  it('answers 400 without steps or without a mailbox, and 404 for another user', async () => {
    const u = await engineUser(env);
    const empty = await u.sequence();
    const noSteps = await u.launch(empty.id);
    expect(noSteps.status).toBe(400);
    expect(noSteps.json<{ message: string }>().message).toMatch(/at least one step/);

    const other = await engineUser(env);
    const template = await other.template();
    const theirs = await other.sequence();
    await other.step(theirs.id, 1, { templateId: template.id });
    expect((await u.launch(theirs.id)).status).toBe(404);

    const without = await engineUser(env);
    await env.database.db.delete(gmailAccounts).where(eq(gmailAccounts.workspaceId, without.workspaceId));
    const t = await without.template();
    const s = await without.sequence();
    await without.step(s.id, 1, { templateId: t.id });
    const refused = await without.launch(s.id);
    expect(refused.status).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      'Connect a Gmail account before launching this sequence',
    );
    expect((await without.sends(s.id)).length).toBe(0);
  });
});
