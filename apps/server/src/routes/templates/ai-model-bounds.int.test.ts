import { AI_CALLS_PER_USER } from '@prospector/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_RATE_LIMITED } from '../../plugins/ai-model-rate';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createClient, signUp } from '../../testing/test-client';

const request = { subject: 'Faster onboarding', outline: '- We cut onboarding to 3 days' };
const UNKNOWN_CONVERSATION = '/api/inbox/conversations/00000000-0000-4000-8000-000000000000/draft';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function signedIn() {
  const client = createClient(t.app);
  await signUp(client);
  return client;
}

describe('the AI model, per user', () => {
  it('answers 429 with Retry-After past 30 calls a minute, the template writer and the assistant together', async () => {
    const busy = await signedIn();
    for (let call = 0; call < AI_CALLS_PER_USER.max - 1; call++) {
      expect((await busy.post('/api/templates/ai-generate', request)).statusCode).toBe(200);
    }
    // The draft of an unknown conversation still counts: the rate is checked before the work.
    expect((await busy.post(UNKNOWN_CONVERSATION, {})).statusCode).toBe(404);

    for (const refused of [
      await busy.post('/api/templates/ai-generate', request),
      await busy.post(UNKNOWN_CONVERSATION, {}),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ message: string }>().message).toBe(AI_RATE_LIMITED);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }

    // Another user writes as before.
    const other = await signedIn();
    expect((await other.post('/api/templates/ai-generate', request)).statusCode).toBe(200);

    t.clock.set(new Date(t.clock.now().getTime() + AI_CALLS_PER_USER.windowMs));
    expect((await busy.post('/api/templates/ai-generate', request)).statusCode).toBe(200);
  });
});
