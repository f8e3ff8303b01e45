import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../../testing/test-app';
import { createClient, signUp } from '../../testing/test-client';

let env: TestApp;
beforeAll(async () => {
  env = await createTestApp({ config: testConfig({ sandbox: false }) });
});
afterAll(() => env?.close());

describe('without Google credentials and with SANDBOX=off', () => {
  it('answers 503 with what to configure, and serves no sandbox', async () => {
    const client = createClient(env.app);
    await signUp(client);
    for (const path of ['/api/gmail/connect', '/api/auth/google']) {
      const response = await client.get(path);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        code: 'NOT_CONFIGURED',
        message: expect.stringContaining('GOOGLE_CLIENT_ID'),
      });
    }
    expect((await client.get('/api/gmail/accounts')).json()).toEqual([]);
    expect((await client.get('/sandbox/google/o/oauth2/v2/auth')).body).not.toContain('Choose an account');
    expect((await client.get('/api/sandbox/messages')).statusCode).toBe(404);
    const faults = await client.post('/api/sandbox/faults', { mailbox: 'a@example.com', faults: ['500'] });
    expect(faults.statusCode).toBe(404);
  });
});
