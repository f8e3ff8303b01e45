import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailboxApp, startMailboxApp } from '../../testing/gmail-test-kit';
import { crmSync } from './client/crm-sync';
import { generatedClientTypes } from './client/generate-client';
import { seededApiUser } from './v1-contract-kit';

const GENERATED = new URL('./client/v1-api.generated.ts', import.meta.url);

let env: MailboxApp;
beforeAll(async () => {
  env = await startMailboxApp();
});
afterAll(() => env?.close());

describe('a client generated from the OpenAPI document', () => {
  it('is the one checked in (npm run api:client writes it), so the typecheck compiles the integration against it', async () => {
    const document = (await (await fetch(`${env.appUrl}/api/v1/openapi.json`)).json()) as object;
    const types = await generatedClientTypes(document);
    if (process.env.WRITE_API_CLIENT === '1') writeFileSync(GENERATED, types);
    expect(readFileSync(GENERATED, 'utf8')).toBe(types);
  });

  it('runs a CRM integration written from its types: pages, idempotent create, lead status, unsubscribe, sends, replies, webhooks', async () => {
    const seeded = await seededApiUser(env);
    const result = await crmSync(`${env.appUrl}/api/v1`, seeded.key, 'grace@client.example');
    expect(result.contactsPaged.sort()).toEqual(seeded.people.map((person) => person.email).sort());
    expect(result.created.status).toBe(201);
    expect(result.retried).toEqual({ id: result.created.id, replayed: 'true' });
    expect(result.leadStatus).toBe('meeting_booked');
    expect(result.unsubscribed).toBe(true);
    expect(result.sentSubjects).toHaveLength(3);
    expect(result.replyTimes).toHaveLength(1);
    expect(result.replyTimes[0]!.getTime()).toBe(new Date('2025-05-01T10:05:00Z').getTime());
    expect(result.answered).toBe('out');
    expect(result.webhookSecret).toMatch(/^whsec_/);
    expect(result.webhookEnabled).toBe(false);
    expect(result.webhookDeliveryStates).toEqual([]);
    expect(result.webhookDeleted).toBe(true);
  }, 120_000);
});
