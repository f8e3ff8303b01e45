import { Writable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { loggedUrl, requestLogOptions } from './request-log';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ logger: { ...requestLogOptions('info'), stream } });
});
afterAll(() => t?.close());

const SECRET = 'tok_8f3kq2xj5mzp9w';

describe('the request log redacts secrets in URLs', () => {
  it('tokens in unsubscribe paths, however the path is spelled', async () => {
    lines.length = 0;
    for (const url of [`/u/${SECRET}`, `/%75/${SECRET}`]) await t.app.inject({ method: 'GET', url });
    expect(lines.join('')).not.toContain(SECRET);
    const urls = lines.map((l) => JSON.parse(l).req?.url).filter(Boolean);
    expect(urls).toEqual(['/u/[redacted]', '/u/[redacted]']);
  });

  it('tokens in email link paths that match no route: any case, repeated slashes, encoded, dot segments', async () => {
    lines.length = 0;
    const spellings = [
      `//u/${SECRET}`,
      `/U/${SECRET}`,
      `//t/c/${SECRET}/abcdefghijklmnop?u=https%3A%2F%2Fx.example`,
      `/T/O/${SECRET}.gif`,
      `/t//o/${SECRET}.gif`,
      `/./u/${SECRET}`,
      `/x/../u/${SECRET}`,
      `/%2Fu/${SECRET}`,
      `/u%2F${SECRET}`,
      `/%2575/${SECRET}`,
    ];
    for (const url of spellings) {
      await t.app.inject({ method: 'GET', url });
      await t.app.inject({ method: 'POST', url, payload: 'x', headers: { 'content-type': 'text/plain' } });
    }
    expect(lines.join('')).not.toContain(SECRET);
    const urls = lines.map((l) => JSON.parse(l).req?.url).filter(Boolean);
    expect(urls.length).toBeGreaterThanOrEqual(spellings.length);
    for (const url of urls) expect(url).toMatch(/^\/(u|t\/o|t\/c)\/\[redacted\]/);
    // A backslash reaches the server as written over a socket (inject() would read it as a host).
    expect(loggedUrl({ url: `/\\u/${SECRET}`, routeOptions: {} as FastifyRequest['routeOptions'] })).toBe(
      '/u/[redacted]',
    );
  });

  it('leaves out the pixel and the click redirect, however their path is spelled', async () => {
    lines.length = 0;
    for (const url of [
      `/t/o/${SECRET}.gif`,
      `/t/%6f/${SECRET}.gif`,
      `/t/c/${SECRET}/abcdefghijklmnop?u=https%3A%2F%2Fx.example`,
    ])
      await t.app.inject({ method: 'GET', url });
    expect(lines.join('')).not.toContain(SECRET);
    expect(lines.filter((l) => JSON.parse(l).req)).toEqual([]);
  });

  it('would redact the token of every email link if one were logged', () => {
    for (const [route, url] of [
      ['/t/o/*', `/t/o/${SECRET}.gif`],
      ['/t/c/*', `/t/c/${SECRET}/abcdefghijklmnop?u=https%3A%2F%2Fx.example`],
      ['/u/*', `/u/${SECRET}`],
    ] as const) {
      const logged = loggedUrl({ url, routeOptions: { url: route } as FastifyRequest['routeOptions'] });
      expect(logged).not.toContain(SECRET);
      expect(logged.startsWith(route.replace('*', '[redacted]'))).toBe(true);
    }
  });

  it("OAuth's code and state, a reset link's token and every other query value", async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: `/api/auth/google/callback?code=${SECRET}&state=${SECRET}x` });
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${SECRET}` });
    expect(lines.join('')).not.toContain(SECRET);
    const urls = lines.map((l) => JSON.parse(l).req?.url).filter(Boolean);
    expect(urls).toEqual([
      '/api/auth/google/callback?code=[redacted]&state=[redacted]',
      '/reset-password?token=[redacted]',
    ]);
  });

  it('keeps the rest of an ordinary request line', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.9' });
    const [incoming] = lines.map((l) => JSON.parse(l)).filter((l) => l.req);
    expect(incoming.req).toMatchObject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.9' });
  });
});
