import { startOpenAiStandIn } from '@prospector/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../../testing/test-app';
import { createClient, signUp } from '../../testing/test-client';

const request = {
  subject: 'Faster onboarding',
  language: 'French',
  tone: 'friendly',
  wordCount: 120,
  outline: '- We cut onboarding to 3 days\n- Free pilot',
};

let sandboxed: TestApp;
beforeAll(async () => {
  sandboxed = await createTestApp();
});
afterAll(() => sandboxed?.close());

async function signedIn(t: TestApp) {
  const client = createClient(t.app);
  await signUp(client);
  return client;
}

describe('the sandbox writer (no AI configured, SANDBOX on)', () => {
  it('says it is the sandbox writer', async () => {
    const client = await signedIn(sandboxed);
    expect((await client.get('/api/templates/ai-writer')).json()).toEqual({ mode: 'sandbox', model: null });
    expect((await createClient(sandboxed.app).get('/api/templates/ai-writer')).statusCode).toBe(401);
  });

  it('composes an email from the outline in the chosen language and tone', async () => {
    const client = await signedIn(sandboxed);
    const response = await client.post('/api/templates/ai-generate', request);
    expect(response.statusCode).toBe(200);
    const { htmlBody, mode } = response.json();
    expect(mode).toBe('sandbox');
    expect(htmlBody).toContain('<p>Bonjour {{first_name|à vous}},</p>');
    expect(htmlBody).toContain('Faster onboarding');
    expect(htmlBody).toContain('<p>We cut onboarding to 3 days.</p>');
    expect(htmlBody).toContain("J'aimerais beaucoup avoir votre avis.");
    expect(htmlBody).toContain('au sujet de « Faster onboarding »');
  });

  it('applies the defaults: English, professional, 200 words', async () => {
    const client = await signedIn(sandboxed);
    const response = await client.post('/api/templates/ai-generate', {
      subject: 'Hello',
      outline: 'One point',
    });
    expect(response.json().htmlBody).toContain("I'm reaching out regarding “Hello”.");
  });

  it('answers with the spec messages for bad input', async () => {
    const client = await signedIn(sandboxed);
    const cases: [object, string][] = [
      [{ ...request, outline: '' }, 'Please provide an outline for the email content'],
      [{ ...request, outline: undefined }, 'Please provide an outline for the email content'],
      [{ ...request, subject: ' ' }, 'Subject is required'],
      [{ ...request, wordCount: 49 }, 'Word count must be between 50 and 1000'],
      [{ ...request, wordCount: 1001 }, 'Word count must be between 50 and 1000'],
      [{ ...request, wordCount: 'many' }, 'Word count must be between 50 and 1000'],
      [
        { ...request, language: 'Klingon' },
        'Language must be one of English, Vietnamese, Japanese, Spanish, French, German, Chinese',
      ],
      [
        { ...request, tone: 'angry' },
        'Tone must be one of friendly, professional, playful, urgent, casual, formal',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await client.post('/api/templates/ai-generate', body);
      expect([response.statusCode, response.json()]).toEqual([400, { message, code: 'VALIDATION_ERROR' }]);
    }
  });
});

describe('an OpenAI-compatible API (the live client path, against a loopback stand-in)', () => {
  it('sends the prompt with the key and model, and returns the answer without its code fence', async () => {
    const standIn = await startOpenAiStandIn({ apiKey: 'sk-test-secret' });
    const t = await createTestApp({
      config: testConfig({ ai: { baseUrl: standIn.baseUrl, apiKey: 'sk-test-secret', model: 'test-model' } }),
    });
    try {
      const client = await signedIn(t);
      const info = await client.get('/api/templates/ai-writer');
      expect(info.json()).toEqual({ mode: 'model', model: 'test-model' });
      expect(info.body).not.toContain('sk-test-secret');

      const response = await client.post('/api/templates/ai-generate', request);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        mode: 'model',
        htmlBody: '<p>Hi {{first_name|there}},</p>\n<p>- Free pilot</p>',
      });
      expect(response.body).not.toContain('sk-test-secret');
      expect(standIn.requests).toHaveLength(1);
      const [sent] = standIn.requests;
      expect(sent?.path).toBe('/v1/chat/completions');
      expect(sent?.authorization).toBe('Bearer sk-test-secret');
      expect(sent?.body.model).toBe('test-model');
      const [system, user] = sent?.body.messages ?? [];
      expect(system?.role).toBe('system');
      expect(system?.content).toContain(
        'Write the email in French, in a friendly tone, about 120 words long.',
      );
      expect(system?.content).toContain('{{first_name|there}}');
      expect(user).toEqual({
        role: 'user',
        content: `Subject: Faster onboarding\n\nOutline:\n${request.outline}`,
      });
    } finally {
      await t.close();
      await standIn.stop();
    }
  });

  it('answers 502 with a readable message when the API fails or refuses the key', async () => {
    const failing = await startOpenAiStandIn({ failWith: 500 });
    const refusing = await startOpenAiStandIn({ apiKey: 'right-key' });
    for (const [standIn, apiKey] of [
      [failing, null],
      [refusing, 'wrong-key'],
    ] as const) {
      const t = await createTestApp({
        config: testConfig({ ai: { baseUrl: standIn.baseUrl, apiKey, model: 'm' } }),
      });
      try {
        const response = await (await signedIn(t)).post('/api/templates/ai-generate', request);
        expect([response.statusCode, response.json()]).toEqual([
          502,
          { message: 'The AI writer did not answer. Please try again.', code: 'UPSTREAM_ERROR' },
        ]);
        expect(response.body).not.toContain('wrong-key');
      } finally {
        await t.close();
      }
    }
    await failing.stop();
    await refusing.stop();
  });
});

describe('no writer (SANDBOX off, no AI configured)', () => {
  it('says so, and generation answers 503', async () => {
    const t = await createTestApp({ config: testConfig({ sandbox: false }) });
    try {
      const client = await signedIn(t);
      expect((await client.get('/api/templates/ai-writer')).json()).toEqual({ mode: 'off', model: null });
      const response = await client.post('/api/templates/ai-generate', request);
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('NOT_CONFIGURED');
    } finally {
      await t.close();
    }
  });
});
