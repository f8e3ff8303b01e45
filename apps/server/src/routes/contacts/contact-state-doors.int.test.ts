import type { ApiKeyCreated, InboxListResponse, UnsubscribeSource } from '@prospector/contracts';
import { pollReplies } from '@prospector/core';
import { contacts, trackingEvents, webhookEvents, webhookMessages } from '@prospector/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailboxApp, sandboxKeyOf, startMailboxApp } from '../../testing/gmail-test-kit';
import { hostileInputUser } from '../../testing/hostile-input-kit';
import {
  type SentSequenceEmail,
  sentSequenceEmail,
  stateOf,
  type TrackingUser,
  trackingUser,
} from '../../testing/tracking-test-kit';

let env: MailboxApp;
let user: TrackingUser;
let apiKey: string;
beforeAll(async () => {
  env = await startMailboxApp();
  user = await trackingUser(env);
  const key = await user.browser.post('/api/api-keys', {
    name: 'CRM sync',
    scopes: ['contacts:read', 'contacts:write'],
  });
  apiKey = key.json<ApiKeyCreated>().key;
  const endpoint = await user.browser.post('/api/webhooks', {
    url: 'http://127.0.0.1:9/hooks',
    eventTypes: ['contact.unsubscribed', 'contact.status_changed'],
  });
  expect(endpoint.status).toBe(201);
});
afterAll(() => env?.close());

/** A call to the public API with the user's key. */
async function v1(method: 'POST' | 'PATCH', url: string, body: object = {}) {
  const response = await env.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${apiKey}` },
    payload: body,
  });
  return { status: response.statusCode, json: <T = unknown>() => response.json<T>() };
}

/** The prospect's mail lands in the thread of the seeded email, and the poller reads it. */
async function arrives(seeded: SentSequenceEmail, raw: string[]) {
  const row = await env.sandbox.control.deliverInThread(
    [await sandboxKeyOf(env, user.account.email)],
    seeded.first.gmailMessageId!,
    raw.join('\r\n'),
  );
  expect(row).toBeDefined();
  await pollReplies(user.deps);
}

/** An ARF spam report from the contact's mail provider about the seeded email. */
const complaint = (seeded: SentSequenceEmail) => [
  'From: Mail AntiSpam Feedback <feedback@arf.mail.example>',
  `To: ${user.account.email}`,
  'Subject: FW: Quick question',
  'MIME-Version: 1.0',
  'Content-Type: multipart/report; report-type=feedback-report; boundary="arf"',
  '',
  '--arf',
  'Content-Type: text/plain',
  '',
  'This is an email abuse report.',
  '',
  '--arf',
  'Content-Type: message/feedback-report',
  '',
  'Feedback-Type: abuse',
  'Version: 1',
  `Original-Rcpt-To: ${seeded.contact.email}`,
  '',
  '--arf',
  'Content-Type: text/rfc822-headers',
  '',
  `From: Seller <${user.account.email}>`,
  `Message-ID: ${seeded.first.messageId}`,
  'Subject: Quick question',
  '',
  '--arf--',
];

/** An out-of-office answer: a conversation in the Inbox whose enrolment goes on. */
async function autoReplyConversation(seeded: SentSequenceEmail): Promise<string> {
  const answered = await user.browser.post(`/api/sandbox/messages/${seeded.first.gmailMessageId}/auto-reply`);
  expect(answered.status).toBe(200);
  await pollReplies(user.deps);
  const list = await user.browser.get('/api/inbox/conversations?tab=auto');
  const found = list.json<InboxListResponse>().conversations.find((c) => c.contactId === seeded.contact.id);
  expect(found).toBeDefined();
  return found!.id;
}

interface Door {
  /** Who the door records as having unsubscribed the contact. */
  source: UnsubscribeSource;
  /** Anything the door needs first (a conversation in the Inbox); returns what `go` uses. */
  prepare?: (seeded: SentSequenceEmail) => Promise<string>;
  go: (seeded: SentSequenceEmail, prepared: string) => Promise<unknown>;
}

const token = (seeded: SentSequenceEmail) => seeded.first.unsubscribeToken;
const form = (url: string, payload: string) =>
  env.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });

/** Every door through which a contact can become unsubscribed. */
const UNSUBSCRIBE_DOORS: Record<string, Door> = {
  'the contact dialog (PATCH /api/contacts/{id})': {
    source: 'user',
    go: (s) => user.browser.patch(`/api/contacts/${s.contact.id}`, { unsubscribed: true }),
  },
  'PATCH /api/v1/contacts/{id}': {
    source: 'api',
    go: (s) => v1('PATCH', `/contacts/${s.contact.id}`, { unsubscribed: true }),
  },
  'POST /api/v1/contacts/{id}/unsubscribe': {
    source: 'api',
    go: (s) => v1('POST', `/contacts/${s.contact.id}/unsubscribe`),
  },
  "the unsubscribe page's button": {
    source: 'page',
    go: (s) => form(`/u/${token(s)}`, 'source=page'),
  },
  "the mail client's one-click POST": {
    source: 'one-click',
    go: (s) => form(`/u/${token(s)}`, 'List-Unsubscribe=One-Click'),
  },
  'a spam complaint read by the reply poller': {
    source: 'complaint',
    go: (s) => arrives(s, complaint(s)),
  },
  'a reply asking to unsubscribe': {
    source: 'reply',
    go: (s) =>
      user.browser
        .post(`/api/sandbox/messages/${s.first.gmailMessageId}/reply`, {
          text: 'Please remove me from your list.',
        })
        .then(() => pollReplies(user.deps)),
  },
  "the Inbox's status menu": {
    source: 'reply',
    prepare: autoReplyConversation,
    go: (_s, conversation) =>
      user.browser.patch(`/api/inbox/conversations/${conversation}`, { leadStatus: 'unsubscribe_request' }),
  },
  "the Inbox's bulk status": {
    source: 'reply',
    prepare: autoReplyConversation,
    go: (_s, conversation) =>
      user.browser.post('/api/inbox/conversations/status', {
        conversationIds: [conversation],
        leadStatus: 'unsubscribe_request',
      }),
  },
};

/** What an unsubscribe left behind: the contact, its events, its webhook events and its enrolment. */
async function unsubscribeOutcome(seeded: SentSequenceEmail) {
  const db = env.database.db;
  const state = await stateOf(env, seeded);
  const events = await db
    .select()
    .from(trackingEvents)
    .where(and(eq(trackingEvents.contactId, seeded.contact.id), eq(trackingEvents.type, 'unsubscribe')));
  const hooks = await db
    .select()
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.type, 'contact.unsubscribed'),
        sql`${webhookEvents.data} -> 'contact' ->> 'id' = ${seeded.contact.id}`,
      ),
    );
  const messages = hooks.length
    ? await db
        .select()
        .from(webhookMessages)
        .where(
          inArray(
            webhookMessages.eventId,
            hooks.map((h) => h.id),
          ),
        )
    : [];
  return {
    contact: {
      unsubscribed: state.contact.unsubscribed,
      unsubscribeSource: state.contact.unsubscribeSource,
      unsubscribedAt: state.contact.unsubscribedAt,
    },
    events: events.map((e) => ({ via: (e.rawPayload as { via?: string }).via, at: e.occurredAt })),
    webhooks: hooks.map((h) => ({ via: (h.data as { via?: string }).via, at: h.occurredAt })),
    webhookMessages: messages.length,
    enrolment: state.enrolment.status,
    followUp: state.followUp.state,
  };
}

describe('unsubscribing a contact, whichever the door', () => {
  it.each(Object.entries(UNSUBSCRIBE_DOORS))(
    '%s: the contact, its unsubscribe event, its webhook event and its stopped enrolment',
    async (_name, door) => {
      const seeded = await sentSequenceEmail(env, user);
      env.clock.advance(3600_000);
      const prepared = (await door.prepare?.(seeded)) ?? '';
      env.clock.advance(60_000);
      const at = env.clock.now();
      await door.go(seeded, prepared);
      // The same door again changes nothing more.
      await door.go(seeded, prepared);

      const outcome = await unsubscribeOutcome(seeded);
      expect(outcome).toEqual({
        contact: { unsubscribed: true, unsubscribeSource: door.source, unsubscribedAt: expect.any(Date) },
        events: [{ via: door.source, at: expect.any(Date) }],
        webhooks: [{ via: door.source, at: outcome.contact.unsubscribedAt }],
        webhookMessages: 1,
        enrolment: 'unsubscribed',
        followUp: 'cancelled',
      });
      // Mail arrives with its own date; every other door acts at the app's clock.
      if (!['complaint', 'reply'].includes(door.source) || door.prepare) {
        expect(outcome.contact.unsubscribedAt).toEqual(at);
      }
    },
  );
});

describe('suppressing and blacklisting, whichever the door', () => {
  const DOORS: Record<string, (s: SentSequenceEmail) => Promise<unknown>> = {
    'the contact dialog suppresses': (s) =>
      user.browser.patch(`/api/contacts/${s.contact.id}`, { suppressed: true }),
    'the public API suppresses': (s) => v1('PATCH', `/contacts/${s.contact.id}`, { suppressed: true }),
    'the contact dialog tags blacklist': (s) =>
      user.browser.patch(`/api/contacts/${s.contact.id}`, { tags: ['vip', 'blacklist'] }),
    'the public API tags blacklist': (s) => v1('PATCH', `/contacts/${s.contact.id}`, { tags: ['blacklist'] }),
    "the public API's upsert tags blacklist": (s) =>
      v1('POST', '/contacts', { email: s.contact.email, tags: ['blacklist'] }),
  };

  it.each(Object.entries(DOORS))(
    '%s: its open enrolments stop and their emails are cancelled',
    async (_n, go) => {
      const seeded = await sentSequenceEmail(env, user);
      await go(seeded);
      const state = await stateOf(env, seeded);
      expect(state.contact.suppressed || state.contact.tags.includes('blacklist')).toBe(true);
      expect(state.enrolment.status).toBe('stopped');
      expect(state.enrolment.lastError).toMatch(/^(Suppressed|Blacklisted by you)$/);
      expect(state.followUp.state).toBe('cancelled');
    },
  );
});

describe('a lead status, whichever the door', () => {
  const DOORS: Record<string, (s: SentSequenceEmail, conversation: string) => Promise<unknown>> = {
    "the Inbox's status menu": (_s, c) =>
      user.browser.patch(`/api/inbox/conversations/${c}`, { leadStatus: 'interested' }),
    "the Inbox's bulk status": (_s, c) =>
      user.browser.post('/api/inbox/conversations/status', {
        conversationIds: [c],
        leadStatus: 'interested',
      }),
    'PATCH /api/v1/contacts/{id}/lead-status': (s) =>
      v1('PATCH', `/contacts/${s.contact.id}/lead-status`, { leadStatus: 'interested' }),
  };

  it.each(Object.entries(DOORS))(
    '%s: the status, set by the user, with one webhook event however often it is set',
    async (_n, go) => {
      const seeded = await sentSequenceEmail(env, user);
      const conversation = await autoReplyConversation(seeded);
      const before = (await stateOf(env, seeded)).contact.leadStatus;
      await go(seeded, conversation);
      await go(seeded, conversation);
      const state = await stateOf(env, seeded);
      expect([state.contact.leadStatus, state.contact.leadStatusSource]).toEqual(['interested', 'user']);
      const changed = await env.database.db
        .select()
        .from(webhookEvents)
        .where(
          and(
            eq(webhookEvents.type, 'contact.status_changed'),
            sql`${webhookEvents.data} -> 'contact' ->> 'id' = ${seeded.contact.id}`,
          ),
        );
      const toInterested = changed.filter((e) => (e.data as { to: string }).to === 'interested');
      expect(toInterested.map((e) => (e.data as { from: string | null }).from)).toEqual([before]);
    },
  );
});

describe('undoing an unsubscribe', () => {
  const today = () =>
    env.clock
      .now()
      .toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

  it("refuses to undo the contact's own unsubscribe, in the app and the API, saving nothing", async () => {
    const seeded = await sentSequenceEmail(env, user);
    await form(`/u/${token(seeded)}`, 'List-Unsubscribe=One-Click');
    const refusal = `This contact unsubscribed themselves by the one-click link on ${today()}; it cannot be undone`;
    const unsubscribedAt = env.clock.now().toISOString();

    const web = await user.browser.patch(`/api/contacts/${seeded.contact.id}`, {
      firstName: 'Changed',
      unsubscribed: false,
    });
    expect(web.status).toBe(409);
    expect(web.json()).toEqual({ message: refusal, code: 'CONFLICT' });
    const api = await v1('PATCH', `/contacts/${seeded.contact.id}`, { unsubscribed: false });
    expect(api.status).toBe(409);
    expect(api.json<{ message: string }>().message).toBe(refusal);

    const state = await stateOf(env, seeded);
    expect(state.contact).toMatchObject({
      unsubscribed: true,
      unsubscribeSource: 'one-click',
      firstName: 'Jamie',
    });
    // The dialog saves its other fields with the switch left as it is.
    const saved = await user.browser.patch(`/api/contacts/${seeded.contact.id}`, {
      firstName: 'Changed',
      unsubscribed: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.json()).toMatchObject({
      firstName: 'Changed',
      unsubscribed: true,
      unsubscribeSource: 'one-click',
      unsubscribedAt,
    });
  });

  it("undoes the user's own unsubscribe, in the app and the API; the contact's own then takes its place", async () => {
    const seeded = await sentSequenceEmail(env, user);
    const id = seeded.contact.id;
    await user.browser.patch(`/api/contacts/${id}`, { unsubscribed: true });
    const undone = await user.browser.patch(`/api/contacts/${id}`, { unsubscribed: false });
    expect(undone.status).toBe(200);
    expect(undone.json()).toMatchObject({
      unsubscribed: false,
      unsubscribeSource: null,
      unsubscribedAt: null,
    });

    await v1('POST', `/contacts/${id}/unsubscribe`);
    const undoneByApi = await v1('PATCH', `/contacts/${id}`, { unsubscribed: false });
    expect(undoneByApi.status).toBe(200);
    expect(undoneByApi.json()).toMatchObject({ unsubscribed: false, unsubscribeSource: null });

    await user.browser.patch(`/api/contacts/${id}`, { unsubscribed: true });
    env.clock.advance(60_000);
    await form(`/u/${token(seeded)}`, 'source=page');
    expect((await stateOf(env, seeded)).contact.unsubscribeSource).toBe('page');
    const refused = await user.browser.patch(`/api/contacts/${id}`, { unsubscribed: false });
    expect(refused.status).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(
      /^This contact unsubscribed themselves by the unsubscribe link on \d+ \w+ \d{4}; it cannot be undone$/,
    );
  });

  it("shows in the contact's activity who unsubscribed and how", async () => {
    const mine = await sentSequenceEmail(env, user);
    await user.browser.patch(`/api/contacts/${mine.contact.id}`, { unsubscribed: true });
    const theirs = await sentSequenceEmail(env, user);
    await form(`/u/${token(theirs)}`, 'List-Unsubscribe=One-Click');
    const detailOf = async (contactId: string) =>
      (await user.browser.get(`/api/contacts/${contactId}/events`))
        .json<{ events: { type: string; detail: string | null }[] }>()
        .events.filter((e) => e.type === 'unsubscribe')
        .map((e) => e.detail);
    expect(await detailOf(mine.contact.id)).toEqual(['You, in the app']);
    expect(await detailOf(theirs.contact.id)).toEqual(['The contact, by the one-click link']);
  });
});

describe('every other write route', () => {
  it("leaves a contact's unsubscribe, suppression, blacklist, bounce and lead status alone", async () => {
    const { me, writes, ids } = await hostileInputUser(env.app, env.database);
    await me.post('/api/webhooks', {
      url: 'http://127.0.0.1:9/hooks',
      eventTypes: ['contact.unsubscribed', 'contact.status_changed'],
    });
    for (const write of writes) {
      const response =
        write.method === 'PATCH'
          ? await me.patch(write.url, write.body)
          : await me.raw(write.method, write.url, JSON.stringify(write.body));
      expect(response.statusCode, `${write.method} ${write.url}`).toBeLessThan(500);
    }
    const [contact] = await env.database.db.select().from(contacts).where(eq(contacts.id, ids.contact));
    expect(contact).toMatchObject({
      unsubscribed: false,
      unsubscribeSource: null,
      suppressed: false,
      hardBounced: false,
      leadStatus: null,
    });
    expect(contact!.tags).not.toContain('blacklist');
    const events = await env.database.db
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.contactId, ids.contact));
    expect(events).toEqual([]);
    const hooks = await env.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.workspaceId, me.workspaceId));
    expect(hooks).toEqual([]);
  });
});
