import { contacts, trackingEvents } from '@prospector/db';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';
import { sentSequenceEmail, stateOf, type TrackingUser, trackingUser } from '../../testing/tracking-test-kit';
import { PIXEL_GIF } from './tracking-routes';

let env: MailboxApp;
let user: TrackingUser;
beforeAll(async () => {
  env = await startMailboxApp();
  user = await trackingUser(env);
});
afterAll(() => env?.close());

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
/** Fetches a pixel, then waits for the buffered open to be written. */
async function pixel(token: string, userAgent = CHROME) {
  const response = await env.app.inject({
    method: 'GET',
    url: `/t/o/${token}.gif`,
    headers: { 'user-agent': userAgent },
  });
  await env.app.openRecorder.flush();
  return response;
}
const eventsOf = (emailSendId: string) =>
  env.database.db.select().from(trackingEvents).where(eq(trackingEvents.emailSendId, emailSendId));
const totalEvents = async () => (await env.database.db.select({ n: count() }).from(trackingEvents))[0]!.n;
const unsubscribedContacts = async () =>
  (await env.database.db.select({ n: count() }).from(contacts).where(eq(contacts.unsubscribed, true)))[0]!.n;

describe('the open pixel', () => {
  it('answers the 43-byte GIF with no-cache headers and counts the first human open once', async () => {
    const seeded = await sentSequenceEmail(env, user);
    await env.database.db
      .update(contacts)
      .set({ notOpenedStreak: 2 })
      .where(eq(contacts.id, seeded.contact.id));
    env.clock.advance(60_000);
    const firstOpenAt = env.clock.now();
    const response = await pixel(seeded.first.trackingToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/gif');
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.rawPayload.length).toBe(43);
    expect(response.rawPayload.equals(PIXEL_GIF)).toBe(true);
    env.clock.advance(60_000);
    await pixel(seeded.first.trackingToken);

    const after = await stateOf(env, seeded);
    expect(after.first.openedAt).toEqual(firstOpenAt);
    expect(after.contact.notOpenedStreak).toBe(0);
    const events = await eventsOf(seeded.first.id);
    expect(events.map((e) => [e.type, e.flaggedReason, e.userAgent])).toEqual([
      ['open', null, CHROME],
      ['open', null, CHROME],
    ]);
  });

  it('records bots, security scanners and opens right after sending, without counting them', async () => {
    const seeded = await sentSequenceEmail(env, user);
    await pixel(seeded.first.trackingToken); // the same second it was sent
    env.clock.advance(60_000);
    await pixel(
      seeded.first.trackingToken,
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    );
    await pixel(seeded.first.trackingToken, 'Mimecast-URL-Protect/1.0');
    const events = await eventsOf(seeded.first.id);
    expect(events.map((e) => e.flaggedReason).sort()).toEqual(['bot', 'security_scanner', 'too_soon']);
    expect((await stateOf(env, seeded)).first.openedAt).toBeNull();
  });

  it("counts Gmail's image proxy: the Sandbox Inbox's open records the pixel in-process", async () => {
    const seeded = await sentSequenceEmail(env, user);
    env.clock.advance(120_000);
    const opened = await user.browser.post(`/api/sandbox/messages/${seeded.first.gmailMessageId}/open`);
    expect(opened.json()).toEqual({ imagesLoaded: 1 });
    await env.app.openRecorder.flush();
    const [event] = await eventsOf(seeded.first.id);
    expect(event).toMatchObject({ type: 'open', flaggedReason: null });
    expect(event!.userAgent).toContain('GoogleImageProxy');
    expect((await stateOf(env, seeded)).first.openedAt).toEqual(env.clock.now());
  });

  it('writes a burst of fetches in one batch: every fetch recorded, opened_at the earliest counted one', async () => {
    const seeded = await sentSequenceEmail(env, user);
    env.clock.advance(60_000);
    const earliest = env.clock.now();
    const fetch = () =>
      env.app.inject({
        method: 'GET',
        url: `/t/o/${seeded.first.trackingToken}.gif`,
        headers: { 'user-agent': CHROME },
      });
    await fetch();
    env.clock.advance(1000);
    await fetch();
    await env.app.inject({ method: 'GET', url: '/t/o/unknown-token-in-the-same-batch.gif' });
    await env.app.openRecorder.flush();
    expect(await eventsOf(seeded.first.id)).toHaveLength(2);
    expect((await stateOf(env, seeded)).first.openedAt).toEqual(earliest);
  });

  it('answers a HEAD without recording an open', async () => {
    const seeded = await sentSequenceEmail(env, user);
    env.clock.advance(60_000);
    const head = await env.app.inject({ method: 'HEAD', url: `/t/o/${seeded.first.trackingToken}.gif` });
    await env.app.openRecorder.flush();
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/gif');
    expect(await eventsOf(seeded.first.id)).toEqual([]);
  });

  it('answers the same GIF for an unknown or malformed token and records nothing', async () => {
    const before = await totalEvents();
    for (const token of ['unknown-token-unknown-token', 'x', '%00', '..%2F..%2Fetc', 'a'.repeat(500)]) {
      const response = await pixel(token);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(PIXEL_GIF)).toBe(true);
    }
    expect(await totalEvents()).toBe(before);
  });
});

describe('unsubscribing', () => {
  it('shows a confirm page, then unsubscribes from its form', async () => {
    const seeded = await sentSequenceEmail(env, user);
    const page = await env.app.inject({ method: 'GET', url: `/u/${seeded.first.unsubscribeToken}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`Unsubscribe ${seeded.contact.email}?`);
    expect(page.body).toContain(`<form method="post" action="/u/${seeded.first.unsubscribeToken}">`);
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");

    const done = await env.app.inject({
      method: 'POST',
      url: `/u/${seeded.first.unsubscribeToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'source=page',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You have been unsubscribed');
    const after = await stateOf(env, seeded);
    expect(after.contact.unsubscribed).toBe(true);
    expect(after.enrolment.status).toBe('unsubscribed');
    expect(after.followUp.state).toBe('cancelled');
    const again = await env.app.inject({ method: 'GET', url: `/u/${seeded.first.unsubscribeToken}` });
    expect(again.body).toContain('You have been unsubscribed');
  });

  it('takes the RFC 8058 one-click POST without a cookie, Origin or CSRF token, once', async () => {
    const seeded = await sentSequenceEmail(env, user);
    const oneClick = () =>
      fetch(`${env.appUrl}/u/${seeded.first.unsubscribeToken}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    expect((await oneClick()).status).toBe(200);
    expect((await oneClick()).status).toBe(200);
    const after = await stateOf(env, seeded);
    expect(after.contact.unsubscribed).toBe(true);
    expect(after.enrolment).toMatchObject({ status: 'unsubscribed', lastError: 'Unsubscribed' });
    expect(after.followUp.state).toBe('cancelled');
    const events = await eventsOf(seeded.first.id);
    expect(events.map((e) => [e.type, (e.rawPayload as { via: string }).via])).toEqual([
      ['unsubscribe', 'one-click'],
    ]);
  });

  it('takes the one-click POST as multipart/form-data too', async () => {
    const seeded = await sentSequenceEmail(env, user);
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const response = await fetch(`${env.appUrl}/u/${seeded.first.unsubscribeToken}`, {
      method: 'POST',
      body: form,
    });
    expect(response.status).toBe(200);
    expect((await stateOf(env, seeded)).contact.unsubscribed).toBe(true);
  });

  it('answers a friendly 404 page for an unknown token, changing nothing', async () => {
    const before = await unsubscribedContacts();
    for (const method of ['GET', 'POST'] as const) {
      const response = await env.app.inject({
        method,
        url: '/u/no-such-token-no-such-token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: method === 'POST' ? 'List-Unsubscribe=One-Click' : undefined,
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('This link is not valid');
    }
    expect(await unsubscribedContacts()).toBe(before);
  });
});

describe('fuzzing the public endpoints', () => {
  const CONTENT_TYPES = [
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=xyz',
    'application/json',
    'text/plain',
    'application/octet-stream',
    'image/gif',
    'nonsense',
    '',
  ];

  it('never answers 5xx and never changes state for unknown tokens', async () => {
    const seeded = await sentSequenceEmail(env, user);
    const eventsBefore = await totalEvents();
    const unsubscribedBefore = await unsubscribedContacts();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'),
        fc.constantFrom('/t/o/', '/u/'),
        fc.oneof(fc.string({ maxLength: 80 }), fc.base64String({ maxLength: 64 }), fc.webSegment()),
        fc.constantFrom(...CONTENT_TYPES),
        fc.oneof(fc.string({ maxLength: 300 }), fc.constant('List-Unsubscribe=One-Click'), fc.json()),
        async (method, prefix, token, contentType, body) => {
          const url = `${prefix}${encodeURIComponent(token)}${prefix === '/t/o/' && token.length % 2 ? '.gif' : ''}`;
          const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(method);
          const response = await env.app.inject({
            method,
            url,
            headers: contentType && hasBody ? { 'content-type': contentType } : {},
            payload: hasBody ? body : undefined,
          });
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 400 },
    );
    await env.app.openRecorder.flush();
    expect(await totalEvents()).toBe(eventsBefore);
    expect(await unsubscribedContacts()).toBe(unsubscribedBefore);
    expect((await stateOf(env, seeded)).followUp.state).toBe('scheduled');
  });
});
