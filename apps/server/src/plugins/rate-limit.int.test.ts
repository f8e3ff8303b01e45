import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createClient, uniqueEmail } from '../testing/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const TOO_MANY = { message: 'Too many attempts. Please wait a minute and try again.', code: 'RATE_LIMITED' };

const attempts: Record<string, () => object> = {
  '/api/auth/login': () => ({ email: uniqueEmail(), password: 'wrong-password' }),
  '/api/auth/register': () => ({ email: 'not-an-email', password: 'x', fullName: '' }),
  '/api/auth/forgot-password': () => ({ email: uniqueEmail() }),
};

describe('rate limits: 10 attempts per minute per client address and route', () => {
  for (const [url, body] of Object.entries(attempts)) {
    it(`${url}: the 11th attempt in a minute gets 429, and the next minute is open again`, async () => {
      const client = createClient(t.app);
      for (let i = 0; i < 10; i++) {
        expect((await client.post(url, body())).statusCode).not.toBe(429);
      }
      const limited = await client.post(url, body());
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual(TOO_MANY);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

      // Another address is not affected; neither is another limited route for this one.
      expect((await createClient(t.app).post(url, body())).statusCode).not.toBe(429);
      const other = url === '/api/auth/login' ? '/api/auth/forgot-password' : '/api/auth/login';
      expect((await client.post(other, attempts[other]!())).statusCode).not.toBe(429);

      t.clock.advance(61_000);
      expect((await client.post(url, body())).statusCode).not.toBe(429);
    });
  }

  it('is shared by every process using the database (two app instances, one count)', async () => {
    const second = await createTestApp({ database: t.database, clock: t.clock });
    try {
      const ip = createClient(t.app).ip;
      const [a, b] = [createClient(t.app, ip), createClient(second.app, ip)];
      for (let i = 0; i < 10; i++)
        await (i % 2 ? a : b).post('/api/auth/login', attempts['/api/auth/login']!());
      expect((await a.post('/api/auth/login', attempts['/api/auth/login']!())).statusCode).toBe(429);
      expect((await b.post('/api/auth/login', attempts['/api/auth/login']!())).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('does not limit other routes', async () => {
    const client = createClient(t.app);
    for (let i = 0; i < 15; i++) expect((await client.get('/api/health')).statusCode).toBe(200);
  });
});
