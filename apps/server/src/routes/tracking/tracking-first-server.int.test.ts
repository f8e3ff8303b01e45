import { request as httpRequest } from 'node:http';
import { clickUrl } from '@prospector/core';
import { trackingEvents } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';
import { type SentSequenceEmail, sentSequenceEmail, trackingUser } from '../../testing/tracking-test-kit';
import { PIXEL_GIF } from './tracking-answers';

let env: MailboxApp;
let seeded: SentSequenceEmail;
beforeAll(async () => {
  env = await startMailboxApp();
  seeded = await sentSequenceEmail(env, await trackingUser(env));
  env.clock.advance(60_000);
});
afterAll(() => env?.close());

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const PRICING = 'https://acme.example/pricing?plan=pro&seats=3#faq';

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
}
type Ask = { method?: 'GET' | 'HEAD' | 'POST'; host?: string };

/** A request over a real socket to the listening app, so node's server (and the fast path) answers it. */
function overHttp(path: string, { method = 'GET', host }: Ask = {}): Promise<Answer> {
  const { port } = new URL(env.appUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: { 'user-agent': CHROME, ...(host && { host }) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** The same request through Fastify's router (inject), which never reaches the fast path. */
async function throughFastify(path: string, { method = 'GET', host }: Ask = {}): Promise<Answer> {
  const response = await env.app.inject({
    method,
    url: path,
    headers: { 'user-agent': CHROME, ...(host && { host }) },
  });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

/** The headers that say what the answer is (not the connection's or the clock's). */
function answerHeaders(headers: Answer['headers']) {
  const { date, connection, 'keep-alive': keepAlive, ...rest } = headers;
  return rest;
}

const eventsOfFirst = () =>
  env.database.db.select().from(trackingEvents).where(eq(trackingEvents.emailSendId, seeded.first.id));
const signedLink = (url = PRICING) => {
  const link = new URL(clickUrl(env.appUrl, env.core.appSecret!, seeded.first.trackingToken, url));
  return `${link.pathname}${link.search}`;
};

describe('the pixel and the click redirect before Fastify', () => {
  it('answers exactly as the Fastify routes do: status, headers (security headers included) and body', async () => {
    const paths = [
      `/t/o/${seeded.first.trackingToken}.gif`,
      '/t/o/unknown-token-unknown-token.gif',
      '/t/o/',
      signedLink(),
      signedLink('https://acme.example/études?q=a b'),
      signedLink().replace(/\/[\w-]{16}\?/, '/forgedforgedforg?'),
      `/t/c/${seeded.first.trackingToken}`,
    ];
    for (const path of paths) {
      for (const method of ['GET', 'HEAD'] as const) {
        const fast = await overHttp(path, { method });
        const routed = await throughFastify(path, { method });
        expect(answerHeaders(fast.headers), `${method} ${path}`).toEqual(answerHeaders(routed.headers));
        expect(fast.status, `${method} ${path}`).toBe(routed.status);
        expect(fast.body.equals(routed.body), `${method} ${path}`).toBe(true);
      }
    }
    await env.app.openRecorder.flush();
    await env.app.clickRecorder.flush();
  });

  it('carries the same security headers as every other answer of the app', async () => {
    const api = await overHttp('/api/auth/me');
    const pixel = await overHttp(`/t/o/${seeded.first.trackingToken}.gif`);
    const redirect = await overHttp(signedLink());
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'permissions-policy',
    ]) {
      expect(api.headers[name], name).toBeTruthy();
      expect(pixel.headers[name], name).toBe(api.headers[name]);
      expect(redirect.headers[name], name).toBe(api.headers[name]);
    }
    expect(pixel.body.equals(PIXEL_GIF)).toBe(true);
    expect(redirect).toMatchObject({
      status: 302,
      headers: { location: PRICING, 'cache-control': 'no-store' },
    });
    await env.app.openRecorder.flush();
    await env.app.clickRecorder.flush();
  });

  it("records what it answers with the client's address: a GET open and click, a HEAD click flagged, a HEAD open not at all", async () => {
    env.clock.advance(1_000);
    const since = env.clock.now();
    await overHttp(`/t/o/${seeded.first.trackingToken}.gif`);
    await overHttp(`/t/o/${seeded.first.trackingToken}.gif`, { method: 'HEAD' });
    env.clock.advance(5_000);
    await overHttp(signedLink(), { method: 'HEAD' });
    await env.app.openRecorder.flush();
    await env.app.clickRecorder.flush();
    const added = (await eventsOfFirst())
      .filter((event) => event.occurredAt >= since)
      .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
    expect(added.map((event) => [event.type, event.userAgent, event.ipAddress])).toEqual([
      ['open', CHROME, '127.0.0.1'],
      ['click', CHROME, '127.0.0.1'],
    ]);
    expect(added[1]?.flaggedReason).toBe('head');
  });

  it('leaves other methods and encoded paths to Fastify, and refuses a host nobody verified either way', async () => {
    const post = await overHttp(`/t/o/${seeded.first.trackingToken}.gif`, { method: 'POST' });
    expect(post.status).toBe(404);
    expect(JSON.parse(post.body.toString())).toEqual({ message: 'Not found', code: 'NOT_FOUND' });

    const encoded = await overHttp('/t/%6f/unknown-token-unknown-token.gif');
    expect(encoded.status).toBe(200);
    expect(encoded.body.equals(PIXEL_GIF)).toBe(true);

    for (const path of [
      `/t/o/${seeded.first.trackingToken}.gif`,
      '/t/%6f/unknown-token-unknown-token.gif',
      signedLink(),
    ]) {
      for (const ask of [overHttp, throughFastify]) {
        const refused = await ask(path, { host: 'links.unverified.example' });
        expect(refused.status, path).toBe(421);
        expect(JSON.parse(refused.body.toString())).toEqual({
          message: 'This host is not served here',
          code: 'MISDIRECTED_REQUEST',
        });
        expect(refused.headers['x-frame-options']).toBe('DENY');
      }
    }
  });

  it('serves the app by its IPv6 loopback literal, port and brackets included, both ways', async () => {
    for (const host of ['[::1]:3000', '[::1]', '[::ffff:127.0.0.1]:3000']) {
      for (const ask of [overHttp, throughFastify]) {
        const pixel = await ask('/t/o/unknown-token-unknown-token.gif', { host });
        expect(pixel.status, host).toBe(200);
        expect(pixel.body.equals(PIXEL_GIF)).toBe(true);
        expect((await ask(signedLink(), { host })).status, host).toBe(302);
      }
    }
  });
});
