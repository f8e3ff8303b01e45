import { createTestDatabase } from '@prospector/db/testing';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';
import { createClient, signUp } from '../testing/test-client';

describe('no stack trace in any response', () => {
  it('an unexpected failure answers 500 "Internal server error" and nothing more', async () => {
    const failingQueue = {
      send: async () => {
        throw new Error('queue exploded at /work/secret/path.ts:42');
      },
    };
    const t = await createTestApp({ queue: failingQueue });
    try {
      const response = await createClient(t.app).post('/api/auth/forgot-password', { email: 'a@b.co' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
      expect(response.body).not.toMatch(/exploded|stack|\.ts|at /);
    } finally {
      await t.close();
    }
  });

  it('a lost database gives 500s without details, and health reports 503', async () => {
    const database = await createTestDatabase();
    const t = await createTestApp({ database });
    const client = createClient(t.app);
    await signUp(client);
    expect((await client.get('/api/health')).json()).toEqual({ status: 'ok', database: 'up' });
    await database.close();
    try {
      const me = await client.get('/api/auth/me');
      expect(me.statusCode).toBe(500);
      expect(me.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
      const login = await client.post('/api/auth/login', { email: 'a@b.co', password: 'whatever' });
      expect(login.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
      const health = await client.get('/api/health');
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({
        status: 'error',
        database: 'down',
        message: 'Database is unreachable',
      });
    } finally {
      await t.app.close();
    }
  });
});
