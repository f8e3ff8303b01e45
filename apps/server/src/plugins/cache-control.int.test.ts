import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../testing/contact-test-kit';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('Cache-Control: no-store on every API answer', () => {
  it('on answers that carry a secret: a new API key, a webhook and its signing secret', async () => {
    const user = await signedInClient(t.app);
    const key = await user.post('/api/api-keys', { name: 'CRM', scopes: ['contacts:read'] });
    expect(key.statusCode).toBe(201);
    expect(key.headers['cache-control']).toBe('no-store');
    const hook = await user.post('/api/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      eventTypes: ['email.sent'],
    });
    expect(hook.statusCode).toBe(201);
    expect(hook.headers['cache-control']).toBe('no-store');
    const read = await user.get(`/api/webhooks/${hook.json().id}`);
    expect(read.headers['cache-control']).toBe('no-store');
    const v1 = await t.app.inject({
      url: '/api/v1/contacts',
      headers: { authorization: `Bearer ${key.json().key}` },
    });
    expect([v1.statusCode, v1.headers['cache-control']]).toEqual([200, 'no-store']);
  });

  it('on errors and unknown API paths too, and on the sandbox Google', async () => {
    for (const url of ['/api/auth/me', '/api/nope', '/%61pi/auth/me', '/sandbox/google/token'])
      expect([url, (await t.app.inject({ url })).headers['cache-control']]).toEqual([url, 'no-store']);
  });

  it('not on the web app, which its own rules cache', async () => {
    expect((await t.app.inject({ url: '/login' })).headers['cache-control']).not.toBe('no-store');
  });
});
