import { API_AUTH_FAILURE_LIMIT, type ApiKeyView, type Contact, type V1Page } from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOf } from '../../testing/contact-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { apiClient, apiUser } from './public-api-test-kit';

let env: TestApp;
beforeAll(async () => {
  env = await createTestApp({ apiRateLimit: { max: 30, windowMs: 60_000 } });
});
afterAll(() => env?.close());

describe('API keys', () => {
  it('are shown once, listed by prefix with created and last-used times, and stop working when revoked', async () => {
    const { browser, key, api } = await apiUser(env.app, ['contacts:read']);
    expect(key.key).toMatch(/^pk_live_[A-Za-z0-9_-]{40,}$/);
    expect(key.prefix).toBe(key.key.slice(0, 12));

    const before = (await browser.get('/api/api-keys')).json<ApiKeyView[]>();
    expect(before).toEqual([
      {
        id: key.id,
        name: 'CRM sync',
        prefix: key.prefix,
        scopes: ['contacts:read'],
        createdAt: env.clock.now().toISOString(),
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(before)).not.toContain(key.key);

    expect((await api.get('/contacts')).statusCode).toBe(200);
    const used = (await browser.get('/api/api-keys')).json<ApiKeyView[]>();
    expect(used[0]!.lastUsedAt).toBe(env.clock.now().toISOString());

    expect((await browser.delete(`/api/api-keys/${key.id}`)).statusCode).toBe(200);
    const revoked = await api.get('/contacts');
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ message: 'Invalid or revoked API key', code: 'UNAUTHORIZED' });
    expect((await browser.get('/api/api-keys')).json()).toEqual([]);
  });

  it('refuse a missing or unknown key, a missing scope, and bad create bodies', async () => {
    const { browser, api } = await apiUser(env.app, ['contacts:read']);
    const none = await env.app.inject({ method: 'GET', url: '/api/v1/contacts' });
    expect(none.statusCode).toBe(401);
    expect((await apiClient(env.app, 'pk_live_nope').get('/contacts')).statusCode).toBe(401);
    const write = await api.post('/contacts', { email: emailOf('a') });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe('This API key lacks the contacts:write scope');
    const bad = await browser.post('/api/api-keys', { name: ' ', scopes: [] });
    expect(bad.statusCode).toBe(400);
    expect((await browser.post('/api/api-keys', { name: 'x', scopes: ['everything'] })).statusCode).toBe(400);
    expect((await browser.delete('/api/api-keys/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it("act as their own user only: another user's contact is a 404", async () => {
    const alice = await apiUser(env.app);
    const bob = await apiUser(env.app);
    const contact = (await alice.api.post('/contacts', { email: emailOf('alice-lead') })).json<Contact>();
    expect((await bob.api.get(`/contacts/${contact.id}`)).statusCode).toBe(404);
    expect((await bob.api.patch(`/contacts/${contact.id}`, { firstName: 'X' })).statusCode).toBe(404);
    expect((await bob.api.delete(`/contacts/${contact.id}`)).statusCode).toBe(404);
    expect((await bob.api.get('/contacts')).json<V1Page<Contact>>().data).toEqual([]);
  });

  it('are rate limited per key with a 429 and Retry-After, until the window ends', async () => {
    const { api } = await apiUser(env.app, ['contacts:read']);
    for (let i = 0; i < 30; i++) expect((await api.get('/contacts')).statusCode).toBe(200);
    const limited = await api.get('/contacts');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.json().code).toBe('RATE_LIMITED');
    const other = await apiUser(env.app, ['contacts:read']);
    expect((await other.api.get('/contacts')).statusCode).toBe(200);
    env.clock.advance(60_000);
    expect((await api.get('/contacts')).statusCode).toBe(200);
  });

  it('count failed authentications per address: RateLimit-* on each 401, a 429 past the limit', async () => {
    env.clock.advance(60_000);
    const { api } = await apiUser(env.app, ['contacts:read']);
    const garbage = apiClient(env.app, 'pk_live_garbage');
    for (let i = 1; i <= API_AUTH_FAILURE_LIMIT.max; i++) {
      const refused = i % 2 ? await garbage.get('/contacts') : await env.app.inject('/api/v1/contacts');
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['ratelimit-limit']).toBe(String(API_AUTH_FAILURE_LIMIT.max));
      expect(refused.headers['ratelimit-remaining']).toBe(String(API_AUTH_FAILURE_LIMIT.max - i));
      expect(refused.headers['ratelimit-reset']).toBe('60');
    }
    const limited = await garbage.get('/contacts');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.json()).toEqual({
      message: 'Too many requests without a valid API key from this address',
      code: 'RATE_LIMITED',
    });
    // A valid key from the same address is not refused for the failures.
    const valid = await api.get('/contacts');
    expect(valid.statusCode).toBe(200);
    expect(valid.headers['ratelimit-limit']).toBe('30');
    env.clock.advance(60_000);
    expect((await garbage.get('/contacts')).statusCode).toBe(401);
  });
});
