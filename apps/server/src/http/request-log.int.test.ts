import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { requestLogOptions } from './request-log';

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
  it('tokens in tracking and unsubscribe paths, however the path is spelled', async () => {
    lines.length = 0;
    for (const url of [`/u/${SECRET}`, `/t/o/${SECRET}.gif`, `/%75/${SECRET}`, `/t/%6f/${SECRET}.gif`])
      await t.app.inject({ method: 'GET', url });
    const logged = lines.join('');
    expect(logged).not.toContain(SECRET);
    const urls = lines.map((l) => JSON.parse(l).req?.url).filter(Boolean);
    expect(urls).toEqual(['/u/[redacted]', '/t/o/[redacted]', '/u/[redacted]', '/t/o/[redacted]']);
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
