import type { ApiKeyCreated } from '@prospector/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { apiClient, apiUser } from './public-api-test-kit';

let env: TestApp;
beforeAll(async () => {
  env = await createTestApp();
});
afterAll(() => env?.close());

const hook = { url: 'https://hooks.example.com/in', eventTypes: ['email.replied'] };
const withKey = (key: string) => ({ 'idempotency-key': key });

describe('Idempotency-Key on /api/v1', () => {
  it('never replays one key’s answer to another key of the same user, nor to a key without the scope', async () => {
    const owner = await apiUser(env.app);
    const created = await owner.api.post('/webhooks', hook, withKey('hook-1'));
    expect(created.statusCode).toBe(201);
    const { secret } = created.json<{ secret: string }>();

    const readOnlyKey = await owner.browser.post('/api/api-keys', { name: 'Reader', scopes: ['sends:read'] });
    const reader = apiClient(env.app, readOnlyKey.json<ApiKeyCreated>().key);
    const refused = await reader.post('/webhooks', hook, withKey('hook-1'));
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(secret);

    const otherWriterKey = await owner.browser.post('/api/api-keys', {
      name: 'Writer',
      scopes: ['webhooks:write'],
    });
    const otherWriter = apiClient(env.app, otherWriterKey.json<ApiKeyCreated>().key);
    const own = await otherWriter.post('/webhooks', hook, withKey('hook-1'));
    expect(own.statusCode).toBe(201);
    expect(own.headers['idempotent-replayed']).toBeUndefined();
    expect(own.json<{ secret: string }>().secret).not.toBe(secret);
  });

  it('replays a created webhook to its creator only while the endpoint exists', async () => {
    const { api } = await apiUser(env.app);
    const created = await api.post('/webhooks', hook, withKey('hook-2'));
    const endpoint = created.json<{ id: string; secret: string }>();
    const replay = await api.post('/webhooks', hook, withKey('hook-2'));
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(endpoint);

    expect((await api.delete(`/webhooks/${endpoint.id}`)).statusCode).toBe(200);
    const afterDelete = await api.post('/webhooks', hook, withKey('hook-2'));
    expect(afterDelete.statusCode).toBe(409);
    expect(afterDelete.json<{ message: string }>().message).toMatch(/deleted/);
    expect(afterDelete.body).not.toContain(endpoint.secret);
  });
});
