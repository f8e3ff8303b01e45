import { pollReplies } from '@prospector/core';
import { trackingEvents } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailboxApp, sandboxKeyOf, startMailboxApp } from '../../testing/gmail-test-kit';
import { sentSequenceEmail, stateOf, trackingUser } from '../../testing/tracking-test-kit';
import {
  answeredEmail,
  gmailMessage,
  ownerWritesInGmail,
  prospectWritesAgain,
  storedMessage,
} from './inbox-test-kit';

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

interface ListBody {
  conversations: {
    id: string;
    threadId: string;
    contactId: string;
    contactEmail: string;
    leadStatus: string | null;
    leadStatusSource: string | null;
    unread: boolean;
    snippet: string;
  }[];
  nextCursor: string | null;
}
interface DetailBody {
  threadId: string;
  messages: { id: string; direction: 'in' | 'out'; from: string; text: string; html: string | null }[];
}

describe('the inbox', () => {
  it('shows a reply as an unread conversation with its status, and reading it drops the unread count', async () => {
    const { user, seeded } = await answeredEmail(env, "Sounds good, let's set up a call next week.");
    const list = (await user.browser.get('/api/inbox/conversations?tab=people')).json<ListBody>();
    expect(list.conversations).toHaveLength(1);
    const [conversation] = list.conversations;
    expect(conversation).toMatchObject({
      threadId: seeded.first.gmailThreadId,
      contactId: seeded.contact.id,
      contactEmail: seeded.contact.email,
      leadStatus: 'interested',
      leadStatusSource: 'auto',
      unread: true,
    });
    expect(conversation!.snippet).toContain('Sounds good');
    expect((await user.browser.get('/api/inbox/unread-count')).json()).toEqual({ count: 1 });
    expect(
      (await user.browser.get('/api/inbox/conversations?tab=auto')).json<ListBody>().conversations,
    ).toEqual([]);

    const detail = (
      await user.browser.get(`/api/inbox/conversations/${conversation!.id}`)
    ).json<DetailBody>();
    expect(detail.messages.map((m) => m.direction)).toEqual(['out', 'in']);
    expect(detail.messages[1]!.text).toContain('Sounds good');
    // The open pixel of our own email is never loaded when the thread is shown.
    expect(detail.messages[0]!.html).not.toMatch(/<img[^>]*\ssrc=/);

    const read = await user.browser.patch(`/api/inbox/conversations/${conversation!.id}`, { read: true });
    expect(read.status).toBe(200);
    expect(read.json()).toMatchObject({ unread: false });
    expect((await user.browser.get('/api/inbox/unread-count')).json()).toEqual({ count: 0 });
    const unreadOnly = (await user.browser.get('/api/inbox/conversations?unread=true')).json<ListBody>();
    expect(unreadOnly.conversations).toEqual([]);

    // The status flows to the sequence's analytics and the contacts filter.
    const analytics = (await user.browser.get(`/api/sequences/${seeded.sequence.id}/analytics`)).json<{
      totals: { replied: number; interested: number; positive: number; positiveRate: number };
    }>();
    expect(analytics.totals).toMatchObject({ replied: 1, interested: 1, positive: 1, positiveRate: 1 });
    const interested = (await user.browser.get('/api/contacts?leadStatusFilter=interested')).json<{
      contacts: { id: string; leadStatus: string }[];
      total: number;
    }>();
    expect(interested.contacts.map((c) => [c.id, c.leadStatus])).toEqual([[seeded.contact.id, 'interested']]);
    expect(interested.total).toBe(1);
  });

  it('shows an answer its server dates before our email after it, and our email from the mailbox it left', async () => {
    const user = await trackingUser(env);
    const seeded = await sentSequenceEmail(env, user);
    const sentAt = env.clock.now();
    // An auto-responder answering within the second, or a server whose clock is behind.
    env.clock.set(new Date(sentAt.getTime() - 5_000));
    await user.browser.post(`/api/sandbox/messages/${seeded.first.gmailMessageId}/reply`, {
      text: 'Thanks, I will read it tomorrow.',
    });
    env.clock.set(new Date(sentAt.getTime() + 60_000));
    await pollReplies(user.deps);

    const [conversation] = (await user.browser.get('/api/inbox/conversations')).json<ListBody>()
      .conversations;
    const detail = (
      await user.browser.get(`/api/inbox/conversations/${conversation!.id}`)
    ).json<DetailBody>();
    expect(detail.messages.map((m) => [m.direction, m.from])).toEqual([
      ['out', user.account.email],
      ['in', seeded.contact.email],
    ]);

    // An answer from the Inbox follows the prospect's message, not our first email.
    const sent = await user.browser.post(`/api/inbox/conversations/${conversation!.id}/reply`, {
      text: 'Of course, talk soon.',
    });
    const ours = await storedMessage(env, user.workspaceId, sent.json<{ id: string }>().id);
    const inGmail = await gmailMessage(env, user.account, ours.gmailMessageId!);
    const theirs = await storedMessage(env, user.workspaceId, detail.messages[1]!.id);
    expect(inGmail.parsed.headers.get('in-reply-to')?.[0]).toBe(theirs.messageIdHeader);
  });

  it('answers in the same Gmail thread with In-Reply-To and References, and shows the answer in the thread', async () => {
    const { user, seeded } = await answeredEmail(env, 'Can you send me more details?');
    const [conversation] = (await user.browser.get('/api/inbox/conversations')).json<ListBody>()
      .conversations;
    const before = (
      await user.browser.get(`/api/inbox/conversations/${conversation!.id}`)
    ).json<DetailBody>();
    const theirs = await storedMessage(env, user.workspaceId, before.messages[1]!.id);

    const sent = await user.browser.post(`/api/inbox/conversations/${conversation!.id}/reply`, {
      text: 'Hi {{first_name}}, attached below.',
    });
    expect(sent.status).toBe(200);
    expect(sent.json()).toMatchObject({ direction: 'out', text: 'Hi Jamie, attached below.' });
    const ours = await storedMessage(env, user.workspaceId, sent.json<{ id: string }>().id);

    const inGmail = await gmailMessage(env, user.account, ours.gmailMessageId!);
    expect(inGmail.threadId).toBe(seeded.first.gmailThreadId);
    expect(inGmail.labelIds).toContain('SENT');
    expect(inGmail.parsed.headers.get('in-reply-to')?.[0]).toBe(theirs.messageIdHeader);
    const references = inGmail.parsed.headers.get('references')?.[0] ?? '';
    expect(references).toContain(seeded.first.messageId!);
    expect(references).toContain(theirs.messageIdHeader!);
    expect(inGmail.parsed.headers.get('to')?.[0]).toContain(seeded.contact.email);

    // Exactly one message went out, and the poller seeing it later adds nothing.
    await pollReplies(user.deps);
    const after = (await user.browser.get(`/api/inbox/conversations/${conversation!.id}`)).json<DetailBody>();
    expect(after.messages.map((m) => m.direction)).toEqual(['out', 'in', 'out']);
    expect(after.messages[2]!.text).toBe('Hi Jamie, attached below.');
  });

  it("shows a reply the mailbox owner wrote in Gmail, which is not the prospect's reply", async () => {
    const { user, seeded } = await answeredEmail(env, 'Who are you exactly?');
    const [conversation] = (await user.browser.get('/api/inbox/conversations')).json<ListBody>()
      .conversations;
    await user.browser.patch(`/api/inbox/conversations/${conversation!.id}`, { read: true });
    env.clock.advance(60_000);
    await ownerWritesInGmail(env, user.account, {
      to: seeded.contact.email,
      threadId: seeded.first.gmailThreadId!,
      inReplyTo: seeded.first.messageId!,
      text: 'We help sales teams book meetings.',
    });
    await pollReplies(user.deps);

    const detail = (
      await user.browser.get(`/api/inbox/conversations/${conversation!.id}`)
    ).json<DetailBody>();
    expect(detail.messages.map((m) => [m.direction, m.text.trim()])).toEqual([
      ['out', expect.any(String)],
      ['in', expect.stringContaining('Who are you exactly?')],
      ['out', 'We help sales teams book meetings.'],
    ]);
    const replies = await env.database.db
      .select()
      .from(trackingEvents)
      .where(and(eq(trackingEvents.emailSendId, seeded.first.id), eq(trackingEvents.type, 'reply')));
    expect(replies).toHaveLength(1);
    expect((await user.browser.get('/api/inbox/unread-count')).json()).toEqual({ count: 0 });
  });

  it('"please remove me" is an unsubscribe request that unsubscribes the contact', async () => {
    const { user, seeded } = await answeredEmail(env, 'Please remove me from your list.');
    const [conversation] = (await user.browser.get('/api/inbox/conversations')).json<ListBody>()
      .conversations;
    expect(conversation).toMatchObject({ leadStatus: 'unsubscribe_request', leadStatusSource: 'auto' });
    const state = await stateOf(env, seeded);
    expect(state.contact.unsubscribed).toBe(true);
    expect(state.contact.leadStatusReason).toContain('remove me');
    expect(state.followUp.state).toBe('cancelled');
  });

  it('unsubscribe requests are read in the product languages', async () => {
    const { user, seeded } = await answeredEmail(env, 'Bitte tragen Sie mich aus, ich möchte mich abmelden.');
    const [conversation] = (await user.browser.get('/api/inbox/conversations')).json<ListBody>()
      .conversations;
    expect(conversation!.leadStatus).toBe('unsubscribe_request');
    expect((await stateOf(env, seeded)).contact.unsubscribed).toBe(true);
  });

  it('a request to be taken off the list wins over "no interest" said with it', async () => {
    const { user, seeded } = await answeredEmail(
      env,
      'Kein Interesse. Bitte nehmen Sie mich aus Ihrem Verteiler.',
    );
    const [conversation] = (await user.browser.get('/api/inbox/conversations')).json<ListBody>()
      .conversations;
    expect(conversation!.leadStatus).toBe('unsubscribe_request');
    expect((await stateOf(env, seeded)).contact.unsubscribed).toBe(true);
  });

  it('a wrong-person reply offers the address it points to', async () => {
    const { user } = await answeredEmail(
      env,
      "I'm the wrong person, please write to maria.lopez@acme.example instead.",
    );
    const [conversation] = (await user.browser.get('/api/inbox/conversations')).json<ListBody>()
      .conversations;
    expect(conversation!.leadStatus).toBe('wrong_person');
    const detail = (await user.browser.get(`/api/inbox/conversations/${conversation!.id}`)).json<{
      referral: string;
    }>();
    expect(detail.referral).toBe('maria.lopez@acme.example');
  });

  it("keeps the user's status when a later message is classified automatically", async () => {
    const { user, seeded } = await answeredEmail(env, 'Hmm, maybe.');
    const [conversation] = (await user.browser.get('/api/inbox/conversations')).json<ListBody>()
      .conversations;
    const patched = await user.browser.patch(`/api/inbox/conversations/${conversation!.id}`, {
      leadStatus: 'meeting_booked',
    });
    expect(patched.json()).toMatchObject({ leadStatus: 'meeting_booked', leadStatusSource: 'user' });

    await prospectWritesAgain(env, user, seeded.first.gmailMessageId!, 'Actually I am not interested.');
    const [after] = (await user.browser.get('/api/inbox/conversations')).json<ListBody>().conversations;
    expect(after).toMatchObject({
      id: conversation!.id,
      leadStatus: 'meeting_booked',
      leadStatusSource: 'user',
    });
    expect(after!.unread).toBe(true);
    const byStatus = (
      await user.browser.get('/api/inbox/conversations?status=meeting_booked')
    ).json<ListBody>();
    expect(byStatus.conversations.map((c) => c.id)).toEqual([conversation!.id]);
  });

  it('labels are statuses of the user; a label of another user is a 404', async () => {
    const { user } = await answeredEmail(env, 'Hmm.');
    const [conversation] = (await user.browser.get('/api/inbox/conversations')).json<ListBody>()
      .conversations;
    const label = await user.browser.post('/api/inbox/labels', { name: 'Partner', color: '#22c55e' });
    expect(label.status).toBe(201);
    const labelId = label.json<{ id: string }>().id;
    const bulk = await user.browser.post('/api/inbox/conversations/status', {
      conversationIds: [conversation!.id],
      leadStatus: `label:${labelId}`,
    });
    expect(bulk.json()).toEqual({ updated: 1 });
    const [labelled] = (await user.browser.get('/api/inbox/conversations')).json<ListBody>().conversations;
    expect(labelled!.leadStatus).toBe(`label:${labelId}`);

    const other = await trackingUser(env);
    const foreign = await other.browser.post('/api/inbox/labels', { name: 'Theirs', color: '#000000' });
    const refused = await user.browser.patch(`/api/inbox/conversations/${conversation!.id}`, {
      leadStatus: `label:${foreign.json<{ id: string }>().id}`,
    });
    expect(refused.status).toBe(404);
    const deleted = await user.browser.delete(`/api/inbox/labels/${labelId}`);
    expect(deleted.status).toBe(204);
    const [cleared] = (await user.browser.get('/api/inbox/conversations')).json<ListBody>().conversations;
    expect(cleared!.leadStatus).toBeNull();
  });

  it("keeps a reply's HTML sanitised with remote images held back, and fetches an attachment when asked", async () => {
    const user = await trackingUser(env);
    const seeded = await sentSequenceEmail(env, user);
    env.clock.advance(60_000);
    const raw = [
      `From: Jamie <${seeded.contact.email}>`,
      `To: ${user.account.email}`,
      'Subject: Re: Quick question',
      `In-Reply-To: ${seeded.first.messageId}`,
      'Message-ID: <html-reply@prospect.example>',
      'Date: Thu, 01 May 2025 10:01:00 +0000',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="m1"',
      '',
      '--m1',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p onclick="steal()">Tell me more, see the deck.</p><img src="https://tracker.example/p.gif"><script>alert(1)</script>',
      '--m1',
      'Content-Type: text/plain; name="notes.txt"',
      'Content-Disposition: attachment; filename="notes.txt"',
      '',
      'Budget: 10k',
      '--m1--',
      '',
    ].join('\r\n');
    await env.sandbox.control.deliverInThread(
      [await sandboxKeyOf(env, user.account.email)],
      seeded.first.gmailMessageId!,
      raw,
    );
    await pollReplies(user.deps);
    const [conversation] = (await user.browser.get('/api/inbox/conversations')).json<ListBody>()
      .conversations;
    const detail = (await user.browser.get(`/api/inbox/conversations/${conversation!.id}`)).json<{
      messages: {
        id: string;
        html: string | null;
        hasRemoteImages: boolean;
        attachments: { filename: string }[];
      }[];
    }>();
    const theirs = detail.messages[1]!;
    expect(theirs.html).toContain('Tell me more');
    expect(theirs.html).not.toMatch(/script|onclick|<img[^>]*\ssrc=/);
    expect(theirs.hasRemoteImages).toBe(true);
    expect(theirs.attachments).toEqual([
      { filename: 'notes.txt', mimeType: 'text/plain', size: expect.any(Number) },
    ]);

    const file = await user.browser.get(`/api/inbox/messages/${theirs.id}/attachments/0`);
    expect(file.status).toBe(200);
    expect(file.text.trim()).toBe('Budget: 10k');
    expect((await user.browser.get(`/api/inbox/messages/${theirs.id}/attachments/1`)).status).toBe(404);
    const other = await trackingUser(env);
    expect((await other.browser.get(`/api/inbox/messages/${theirs.id}/attachments/0`)).status).toBe(404);
  });

  it('keeps automated mail in its own tab; marking it moves the conversation, ignoring sets it aside', async () => {
    const user = await trackingUser(env);
    const seeded = await sentSequenceEmail(env, user);
    const automated = (id: string, answered = seeded.first.messageId) =>
      [
        'From: Notifications <no-reply@service.example>',
        `To: ${user.account.email}`,
        'Subject: Your request was received',
        `In-Reply-To: ${answered}`,
        `Message-ID: <${id}@service.example>`,
        'Date: Thu, 01 May 2025 10:01:00 +0000',
        '',
        'This mailbox is not monitored.',
      ].join('\r\n');
    env.clock.advance(60_000);
    await env.sandbox.control.deliverInThread(
      [await sandboxKeyOf(env, user.account.email)],
      seeded.first.gmailMessageId!,
      automated('a1'),
    );
    await pollReplies(user.deps);
    const tab = async (name: string) =>
      (await user.browser.get(`/api/inbox/conversations?tab=${name}`)).json<ListBody>().conversations;
    expect(await tab('people')).toEqual([]);
    const [conversation] = await tab('unclassified');
    expect((await user.browser.get('/api/inbox/unread-count')).json()).toEqual({ count: 0 });
    const detail = (await user.browser.get(`/api/inbox/conversations/${conversation!.id}`)).json<{
      messages: { eventId: string | null; kind: string | null }[];
    }>();
    expect(detail.messages[1]).toMatchObject({ kind: 'unclassified' });
    const marked = await user.browser.post(`/api/replies/${detail.messages[1]!.eventId}/classify`, {
      as: 'auto_reply',
    });
    expect(marked.status).toBe(200);
    expect(await tab('unclassified')).toEqual([]);
    expect((await tab('auto')).map((c) => c.id)).toEqual([conversation!.id]);

    const second = await sentSequenceEmail(env, user);
    await env.sandbox.control.deliverInThread(
      [await sandboxKeyOf(env, user.account.email)],
      second.first.gmailMessageId!,
      automated('a2', second.first.messageId),
    );
    await pollReplies(user.deps);
    const [other] = await tab('unclassified');
    const otherDetail = (await user.browser.get(`/api/inbox/conversations/${other!.id}`)).json<{
      messages: { eventId: string | null }[];
    }>();
    await user.browser.post(`/api/replies/${otherDetail.messages[1]!.eventId}/classify`, { as: 'ignore' });
    expect(await tab('unclassified')).toEqual([]);
    expect((await tab('unclassified&done=true')).map((c) => c.id)).toEqual([other!.id]);
  });

  it('Done alone takes a conversation out of the list, read, until the prospect writes again', async () => {
    const { user, seeded } = await answeredEmail(env, 'Thanks, I will think about it.');
    const list = async (query = '') =>
      (await user.browser.get(`/api/inbox/conversations?tab=people${query}`)).json<ListBody>().conversations;
    const [conversation] = await list();
    const url = `/api/inbox/conversations/${conversation!.id}`;

    const done = await user.browser.patch(url, { done: true });
    expect(done.status).toBe(200);
    expect(done.json()).toMatchObject({ id: conversation!.id, unread: false });
    expect(await list()).toEqual([]);
    expect((await list('&done=true')).map((c) => c.id)).toEqual([conversation!.id]);
    expect((await user.browser.get('/api/inbox/unread-count')).json()).toEqual({ count: 0 });

    await prospectWritesAgain(env, user, seeded.first.gmailMessageId!, 'Actually, yes: call me.');
    expect((await list()).map((c) => [c.id, c.unread])).toEqual([[conversation!.id, true]]);

    const notDone = await user.browser.patch(url, { done: 'yes' });
    expect(notDone.status).toBe(400);
    expect(notDone.json<{ message: string }>().message).toBe('done must be true or false');
    const empty = await user.browser.patch(url, {});
    expect(empty.status).toBe(400);
    expect(empty.json<{ message: string }>().message).toBe('Send leadStatus, read or done');
  });

  it("another user's conversation is a 404; bad input is a 400", async () => {
    const { user } = await answeredEmail(env, 'Interesting.');
    const [conversation] = (await user.browser.get('/api/inbox/conversations')).json<ListBody>()
      .conversations;
    const other = await trackingUser(env);
    const url = `/api/inbox/conversations/${conversation!.id}`;
    expect((await other.browser.get(url)).status).toBe(404);
    expect((await other.browser.patch(url, { read: true })).status).toBe(404);
    expect((await other.browser.post(`${url}/reply`, { text: 'Hi' })).status).toBe(404);
    expect((await other.browser.get('/api/inbox/conversations')).json<ListBody>().conversations).toEqual([]);
    expect((await user.browser.get('/api/inbox/conversations/not-a-uuid')).status).toBe(404);
    const badStatus = await user.browser.patch(url, { leadStatus: 'maybe' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.json<{ message: string }>().message).toContain('leadStatus must be one of');
    expect((await user.browser.get('/api/inbox/conversations?tab=spam')).status).toBe(400);
    expect((await user.browser.get('/api/inbox/conversations?cursor=bogus')).status).toBe(400);
    expect((await user.browser.post(`${url}/reply`, { text: '  ' })).status).toBe(400);
  });
});
