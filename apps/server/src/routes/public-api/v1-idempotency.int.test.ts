import type { ApiKeyCreated, Contact, V1Page } from '@prospector/contracts';
import { IDEMPOTENCY_IN_PROGRESS, requestHash } from '@prospector/core';
import { apiKeys, idempotencyKeys } from '@prospector/db';
import { eq } from 'drizzle-orm';
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

  it('runs one of 5 identical requests sent at once: the others get a 409 while it runs, its answer after', async () => {
    const { api } = await apiUser(env.app);
    const body = { email: 'once@concurrent.example', firstName: 'Ada' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api.post('/contacts', body, withKey('contact-once'))),
    );
    const ran = answers.filter((a) => a.statusCode === 201 && !a.headers['idempotent-replayed']);
    expect(ran).toHaveLength(1);
    const created = ran[0]!.json<Contact>();
    for (const other of answers.filter((a) => a !== ran[0])) {
      if (other.statusCode === 409) expect(other.json()).toMatchObject({ message: IDEMPOTENCY_IN_PROGRESS });
      else {
        expect(other.statusCode).toBe(201);
        expect(other.headers['idempotent-replayed']).toBe('true');
        expect(other.json()).toEqual(created);
      }
    }
    const contacts = (await api.get('/contacts')).json<V1Page<Contact>>().data;
    expect(contacts.map((c) => c.email)).toEqual(['once@concurrent.example']);
  });

  it('answers 409 to the same key while its first request still runs, and that request’s answer after', async () => {
    const { api, key } = await apiUser(env.app);
    const body = { email: 'running@concurrent.example' };
    const [owner] = await env.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    // The first request has claimed the key and not answered yet.
    const [running] = await env.database.db
      .insert(idempotencyKeys)
      .values({
        workspaceId: owner!.workspaceId,
        apiKeyId: key.id,
        key: `${key.id} contact-running`,
        requestHash: requestHash('POST', '/api/v1/contacts', body),
        createdAt: env.clock.now(),
      })
      .returning();
    const during = await api.post('/contacts', body, withKey('contact-running'));
    expect(during.statusCode).toBe(409);
    expect(during.json()).toEqual({ message: IDEMPOTENCY_IN_PROGRESS, code: 'CONFLICT' });
    expect((await api.get('/contacts')).json<V1Page<Contact>>().data).toEqual([]);

    const answer = { id: running!.id, email: body.email };
    await env.database.db
      .update(idempotencyKeys)
      .set({ statusCode: 201, response: answer })
      .where(eq(idempotencyKeys.id, running!.id));
    const after = await api.post('/contacts', body, withKey('contact-running'));
    expect(after.statusCode).toBe(201);
    expect(after.headers['idempotent-replayed']).toBe('true');
    expect(after.json()).toEqual(answer);
  });
});
