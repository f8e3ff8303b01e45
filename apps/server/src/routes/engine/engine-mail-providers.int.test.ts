import { buildMessage, claimMailboxSends, deliverSend, mailProviderFor, pollReplies } from '@prospector/core';
import { emailLogs, gmailAccounts, sequenceContacts } from '@prospector/db';
import { sandboxMailboxKey } from '@prospector/sandbox';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EngineUser, engineUser } from '../../testing/engine-test-kit';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';
import {
  dovecotAvailable,
  type MailServer,
  type MailUser,
  startMailServer,
} from '../../testing/mail-server-kit';
import { connectMicrosoftMailbox } from '../../testing/microsoft-test-kit';
import {
  connectMicrosoft,
  contactRow,
  enrolmentOf,
  hardBounceOf,
  mailboxRow,
  outOfOfficeReply,
  replyTo,
  roundAt,
  sendsOf,
  smtpConnector,
  threeStepSequence,
} from '../../testing/provider-engine-kit';

/**
 * The sending engine and the reply poller with Microsoft 365 (the sandbox Microsoft) and SMTP/IMAP (a real
 * Dovecot behind an SMTP server) mailboxes: every feature that works with Gmail works the same with them.
 */
describe.skipIf(!dovecotAvailable())('sequences sent from Microsoft and SMTP mailboxes', () => {
  let server: MailServer;
  let env: MailboxApp;
  const smtpUsers = new Map<string, MailUser>();

  beforeAll(async () => {
    server = await startMailServer();
    env = await startMailboxApp({ mailServerCa: server.ca });
  }, 240_000);
  afterAll(async () => {
    await env?.close();
    await server?.stop();
  });
  beforeEach(() => env.clock.set(new Date('2025-05-01T09:00:00Z')));

  /** The sandbox Microsoft's name for the user's mailbox, for its inbox and its knobs. */
  const microsoftKey = (u: EngineUser) => sandboxMailboxKey(u.account.workspaceId, u.account.email);

  /** What the provider holds of the mailbox's sent messages to `to`: raw sources, oldest first. */
  async function sentTo(u: EngineUser, to: string): Promise<string[]> {
    if (u.account.provider === 'smtp') {
      return server.taken.filter((m) => m.to.includes(to)).map((m) => m.raw.toString('utf8'));
    }
    return env.sandboxMicrosoft.inbox
      .list([microsoftKey(u)])
      .filter((m) => m.toAddress === to)
      .reverse()
      .map((m) => String(m.raw));
  }
  /** A header of a raw message, unfolded. */
  const headerIn = (raw: string, name: string) => {
    const head = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
    return new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1]?.trim();
  };

  /** Mail from the outside world arriving in the mailbox, in the thread of the sent message. */
  async function arrive(u: EngineUser, send: { gmailMessageId: string | null }, raw: string) {
    if (u.account.provider === 'smtp') return server.deliver(u.account.email, raw);
    const done = await env.sandboxMicrosoft.control.deliverInThread(
      [microsoftKey(u)],
      send.gmailMessageId ?? '',
      raw,
    );
    expect(done).toBeDefined();
  }

  const providers = [
    { name: 'SMTP/IMAP', connect: () => smtpConnector(server, smtpUsers) },
    { name: 'Microsoft 365', connect: () => connectMicrosoft },
  ] as const;

  describe.each(providers)('$name', ({ connect }) => {
    const user = () => engineUser(env, { connect: connect() });
    /** A three-step sequence's first email sent, after the first read has taken the mailbox's cursor. */
    const firstEmailSent = async () => {
      const u = await user();
      const { leads } = await threeStepSequence(u);
      const lead = leads[0]!;
      await pollReplies(u.deps);
      await roundAt(env, u, '2025-05-01T10:00:00Z');
      await roundAt(env, u, '2025-05-01T11:00:00Z');
      const [first, followUp] = await sendsOf(env, lead.id);
      return { u, lead, first, followUp };
    };

    it('sends a three-step sequence with a branch in one thread; the log names the provider', async () => {
      const u = await user();
      const { leads } = await threeStepSequence(u);
      const lead = leads[0]!;
      await roundAt(env, u, '2025-05-01T10:00:00Z');
      await roundAt(env, u, '2025-05-01T11:00:00Z');
      await roundAt(env, u, '2025-05-02T10:00:00Z');
      await roundAt(env, u, '2025-05-02T11:00:00Z');
      await roundAt(env, u, '2025-05-03T10:00:00Z');
      const sends = await sendsOf(env, lead.id);
      expect(sends.map((s) => s.state)).toEqual(['sent', 'sent', 'sent']);
      expect(new Set(sends.map((s) => s.gmailThreadId)).size).toBe(1);
      expect(sends.every((s) => s.gmailMessageId)).toBe(true);

      const delivered = await sentTo(u, lead.email);
      expect(delivered).toHaveLength(3);
      const [first, second, third] = sends;
      expect(headerIn(delivered[0]!, 'Message-ID')).toBe(first!.messageId);
      expect(headerIn(delivered[0]!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(headerIn(delivered[1]!, 'In-Reply-To')).toBe(first!.messageId);
      expect(headerIn(delivered[2]!, 'In-Reply-To')).toBe(second!.messageId);
      expect(headerIn(delivered[2]!, 'References')).toBe(`${first!.messageId} ${second!.messageId}`);
      expect(headerIn(delivered[1]!, 'Subject')).toBe('Re: Intro for Lead0');
      expect((await enrolmentOf(env, lead.id)).threadMessageIds).toEqual(sends.map((s) => s.messageId));

      const logs = await env.database.db.select().from(emailLogs).where(eq(emailLogs.contactId, lead.id));
      expect(logs.map((l) => [l.status, l.emailProvider])).toEqual(
        Array(3).fill(['sent', u.account.provider]),
      );
      expect(third!.state).toBe('sent');
    });

    it('reads a reply, which stops the enrolment and cancels its follow-up', async () => {
      const { u, lead, first } = await firstEmailSent();
      await arrive(u, first!, replyTo(lead.email, u.account.email, first!.messageId!));
      env.clock.set(new Date('2025-05-01T11:30:00Z'));
      const outcome = await pollReplies(u.deps);
      expect(outcome.failed).toEqual([]);
      const synced = outcome.synced.find((s) => s.accountId === u.account.id);
      expect(synced?.recorded).toEqual([{ type: 'reply', emailSendId: first!.id }]);
      expect((await enrolmentOf(env, lead.id)).status).toBe('replied');
      expect((await sendsOf(env, lead.id)).map((s) => s.state)).toEqual(['sent', 'cancelled']);
      const listed = (await u.browser.get('/api/replies')).json<{ replies: object[] }>();
      // No Gmail link for another provider's thread.
      expect(listed.replies).toEqual([
        expect.objectContaining({
          type: 'reply',
          threadUrl: null,
          contact: expect.objectContaining({ id: lead.id }),
        }),
      ]);
      // Read again: nothing counts twice.
      await pollReplies(u.deps);
      await roundAt(env, u, '2025-05-02T10:00:00Z');
      expect(await sentTo(u, lead.email)).toHaveLength(1);
    });

    it('an out-of-office is recognised: an automatic reply, not a reply; the enrolment waits for the return date', async () => {
      const { u, lead, first, followUp } = await firstEmailSent();
      expect(followUp?.state).toBe('scheduled');
      const original = { messageId: first!.messageId!, subject: first!.subject };
      await arrive(u, first!, outOfOfficeReply(lead.email, u.account.email, original, '12 May'));
      env.clock.set(new Date('2025-05-01T11:30:00Z'));
      const outcome = await pollReplies(u.deps);
      expect(outcome.failed).toEqual([]);
      const synced = outcome.synced.find((s) => s.accountId === u.account.id);
      expect(synced?.recorded).toEqual([{ type: 'auto_reply', emailSendId: first!.id }]);

      const returnDate = new Date('2025-05-12T00:00:00Z');
      expect(await enrolmentOf(env, lead.id)).toMatchObject({
        status: 'active',
        outOfOfficeUntil: returnDate,
      });
      const [sentFirst, waiting] = await sendsOf(env, lead.id);
      expect(sentFirst?.repliedAt).toBeNull();
      expect(waiting?.state).toBe('scheduled');
      expect(waiting!.scheduledFor.getTime()).toBeGreaterThan(returnDate.getTime());
      expect((await u.browser.get('/api/replies')).json<{ replies: unknown[] }>().replies).toEqual([]);
      const shown = (await u.browser.get('/api/replies?includeAutoReplies=true')).json<{
        replies: { type: string; outOfOfficeUntil: string }[];
      }>();
      expect(shown.replies).toEqual([
        expect.objectContaining({ type: 'auto_reply', outOfOfficeUntil: returnDate.toISOString() }),
      ]);

      // The follow-up waits for the lead's return, then goes in the same thread.
      await roundAt(env, u, '2025-05-02T10:00:00Z');
      expect(await sentTo(u, lead.email)).toHaveLength(1);
      await roundAt(env, u, waiting!.scheduledFor.toISOString());
      const after = await sendsOf(env, lead.id);
      expect(after.map((s) => s.state)).toEqual(['sent', 'sent']);
      expect(after[1]?.gmailThreadId).toBe(after[0]?.gmailThreadId);
      expect(await sentTo(u, lead.email)).toHaveLength(2);
    });

    it('reads a hard bounce: the contact is marked and its enrolment stops', async () => {
      const u = await user();
      const { leads } = await threeStepSequence(u);
      const lead = leads[0]!;
      await pollReplies(u.deps);
      await roundAt(env, u, '2025-05-01T10:00:00Z');
      const [first] = await sendsOf(env, lead.id);
      await arrive(u, first!, hardBounceOf(lead.email, u.account.email, first!.messageId!));
      await pollReplies(u.deps);
      expect((await contactRow(env, lead.id)).hardBounced).toBe(true);
      expect((await enrolmentOf(env, lead.id)).status).toBe('bounced');
    });

    it('nothing is sent twice when the worker dies after the provider took the message', async () => {
      const u = await user();
      const { leads } = await threeStepSequence(u);
      const lead = leads[0]!;
      env.clock.set(new Date('2025-05-01T10:00:00Z'));
      const [claimed] = await claimMailboxSends(u.deps, u.account.id);
      const [send] = await sendsOf(env, lead.id);
      expect(send).toMatchObject({ id: claimed, state: 'sending' });
      // The provider takes the message with its stored Message-ID; the worker is killed before recording it.
      const raw = await buildMessage({
        from: { name: 'Me', address: u.account.email },
        to: { address: lead.email },
        subject: send!.subject,
        html: send!.htmlBody,
        text: send!.plainTextBody ?? '',
        date: env.clock.now(),
        messageId: send!.messageId!,
      });
      const mailbox = await mailboxRow(env, u.account.id);
      await mailProviderFor(mailbox).withSession(u.deps, mailbox, (session) =>
        session.send({ raw, messageId: send!.messageId!, from: u.account.email, to: lead.email }),
      );
      // The restarted worker looks the Message-ID up before sending again.
      env.clock.set(new Date('2025-05-01T10:20:00Z'));
      expect(await deliverSend(u.deps, claimed!, { lookUpFirst: true })).toBe('found');
      expect((await sendsOf(env, lead.id))[0]?.state).toBe('sent');
      expect(await sentTo(u, lead.email)).toHaveLength(1);
    });
  });

  describe('SMTP/IMAP', () => {
    it('a "try later" answer makes the mailbox wait, then the send resumes', async () => {
      const u = await engineUser(env, { connect: smtpConnector(server, smtpUsers) });
      const { leads } = await threeStepSequence(u);
      const lead = leads[0]!;
      server.refuseNext(421, '4.7.0 Too many messages, try again later');
      await roundAt(env, u, '2025-05-01T10:00:00Z');
      const [waiting] = await sendsOf(env, lead.id);
      expect(waiting).toMatchObject({ state: 'scheduled' });
      expect(waiting?.waitingReason).toMatch(/^Mail server rate limit reached, retrying at 10:\d\d UTC$/);
      const box = await mailboxRow(env, u.account.id);
      expect(box.nextSendAt!.getTime()).toBeGreaterThan(env.clock.now().getTime());
      await roundAt(env, u, box.nextSendAt!.toISOString());
      expect((await sendsOf(env, lead.id))[0]?.state).toBe('sent');
      expect(await sentTo(u, lead.email)).toHaveLength(1);
    });

    it('a password that stops working holds the mailbox and its sends; new credentials resume them', async () => {
      const u = await engineUser(env, { connect: smtpConnector(server, smtpUsers) });
      const { leads } = await threeStepSequence(u);
      const lead = leads[0]!;
      const mailUser = smtpUsers.get(u.account.email)!;
      await server.changePassword(mailUser.email, 'changed-password-1');
      await roundAt(env, u, '2025-05-01T10:00:00Z');
      expect((await mailboxRow(env, u.account.id)).status).toBe('token_expired');
      const [held] = await sendsOf(env, lead.id);
      expect(held).toMatchObject({ state: 'scheduled', attempts: 0 });
      expect(held?.waitingReason).toBe(`${mailUser.email} needs to be reconnected`);
      expect((await mailboxRow(env, u.account.id)).lastError).toContain('535');

      const { email: _email, ...update } = server.settingsFor({
        ...mailUser,
        password: 'changed-password-1',
      });
      const resumed = await u.browser.put(`/api/mailboxes/${u.account.id}/smtp`, update);
      expect(resumed.status, resumed.text).toBe(200);
      await roundAt(env, u, '2025-05-01T10:05:00Z');
      expect((await sendsOf(env, lead.id))[0]?.state).toBe('sent');
      expect(await sentTo(u, lead.email)).toHaveLength(1);
    });
  });

  describe('Microsoft 365', () => {
    it('Graph throttling (429 Retry-After) is waited out within the call, or by the mailbox, then resumes', async () => {
      // A gap, so that each claim takes one send.
      const u = await engineUser(env, { connect: connectMicrosoft, gap: [60, 60] });
      const { leads } = await threeStepSequence(u, 2);
      env.graphWaits.length = 0;
      // One 429: waited out (Retry-After 2 s) within the call, and the send goes.
      env.sandboxMicrosoft.control.queueFaults(microsoftKey(u), ['429']);
      env.clock.set(new Date('2025-05-01T10:00:00Z'));
      const [one] = await claimMailboxSends(u.deps, u.account.id);
      expect(await deliverSend(u.deps, one!)).toBe('sent');
      expect(env.graphWaits).toEqual([2000]);

      // Throttled on every try: the mailbox waits until the time Graph named, then the send goes.
      env.sandboxMicrosoft.control.queueFaults(microsoftKey(u), ['429', '429', '429', '429']);
      await roundAt(env, u, '2025-05-01T10:01:00Z');
      const waiting = (await Promise.all(leads.map((l) => sendsOf(env, l.id)))).flat();
      const throttled = waiting.find((s) => s.state === 'scheduled');
      expect(throttled?.waitingReason).toMatch(/^Microsoft rate limit reached, retrying at 10:01 UTC$/);
      const box = await mailboxRow(env, u.account.id);
      expect(box.nextSendAt!.getTime()).toBeGreaterThan(env.clock.now().getTime() - 1);
      env.sandboxMicrosoft.control.clearFaults(microsoftKey(u));
      await roundAt(env, u, new Date(box.nextSendAt!.getTime() + 1000).toISOString());
      for (const lead of leads) expect((await sendsOf(env, lead.id))[0]?.state).toBe('sent');
      for (const lead of leads) expect(await sentTo(u, lead.email)).toHaveLength(1);
    });

    it('a consent taken back holds the mailbox and its sends; connecting again resumes them', async () => {
      const u = await engineUser(env, { connect: connectMicrosoft });
      const { leads } = await threeStepSequence(u);
      const lead = leads[0]!;
      env.sandboxMicrosoft.control.queueFaults(microsoftKey(u), ['401:invalid_grant']);
      await roundAt(env, u, '2025-05-01T10:00:00Z');
      expect((await mailboxRow(env, u.account.id)).status).toBe('token_expired');
      expect((await sendsOf(env, lead.id))[0]).toMatchObject({ state: 'scheduled', attempts: 0 });

      const { redirectTo } = await connectMicrosoftMailbox(u.browser, u.account.email);
      expect(redirectTo).toContain('connected');
      expect((await mailboxRow(env, u.account.id)).status).toBe('connected');
      await roundAt(env, u, '2025-05-01T10:05:00Z');
      expect((await sendsOf(env, lead.id))[0]?.state).toBe('sent');
      expect(await sentTo(u, lead.email)).toHaveLength(1);
    });
  });

  it('a sequence rotating a Gmail, a Microsoft and an SMTP mailbox pins each enrolment to one', async () => {
    const u = await engineUser(env);
    await connectMicrosoft(u.browser);
    await smtpConnector(server, smtpUsers)(u.browser);
    const boxes = await env.database.db
      .update(gmailAccounts)
      .set({ minGapSeconds: 0, maxGapSeconds: 0 })
      .where(eq(gmailAccounts.workspaceId, u.workspaceId))
      .returning();
    expect(new Set(boxes.map((b) => b.provider))).toEqual(new Set(['gmail', 'microsoft', 'smtp']));
    const ids = boxes.map((b) => b.id);
    const { leads } = await threeStepSequence(u, 6, { senderAccountIds: ids });
    await roundAt(env, u, '2025-05-01T10:00:00Z');
    await roundAt(env, u, '2025-05-01T11:00:00Z');
    await roundAt(env, u, '2025-05-02T10:00:00Z');
    const enrolments = await env.database.db
      .select()
      .from(sequenceContacts)
      .where(
        inArray(
          sequenceContacts.contactId,
          leads.map((l) => l.id),
        ),
      );
    const pinned = new Map(enrolments.map((e) => [e.contactId, e.senderAccountId]));
    expect(new Set(pinned.values())).toEqual(new Set(ids));
    for (const lead of leads) {
      const sends = await sendsOf(env, lead.id);
      expect(sends.map((s) => s.state)).toEqual(['sent', 'sent']);
      expect(new Set(sends.map((s) => s.senderAccountId))).toEqual(new Set([pinned.get(lead.id)]));
      expect(new Set(sends.map((s) => s.gmailThreadId)).size).toBe(1);
      const provider = boxes.find((b) => b.id === pinned.get(lead.id))!.provider;
      const logs = await env.database.db.select().from(emailLogs).where(eq(emailLogs.contactId, lead.id));
      expect(logs.map((l) => l.emailProvider)).toEqual([provider, provider]);
    }
  });
});
