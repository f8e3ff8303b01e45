import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import { AI_BUSY, AI_CALL_LIMITS, aiCalls } from './ai-calls';
import type { AiWriter } from './ai-writer';
import { generateEmailContent } from './generate-email-content';

const input = {
  subject: 'Hi',
  outline: 'One point',
  language: 'English',
  tone: 'friendly',
  wordCount: 100,
} as const;

describe('the AI model, per process', () => {
  it('writes 4 emails at once with 8 waiting, and refuses the next with 429 and Retry-After instead of hanging', async () => {
    const answers: ((body: string) => void)[] = [];
    const slowWriter: AiWriter = {
      mode: 'model',
      model: 'slow',
      write: () => new Promise<string>((resolve) => answers.push(resolve)),
    };
    const started = Array.from({ length: AI_CALL_LIMITS.concurrency + AI_CALL_LIMITS.maxWaiting }, () =>
      generateEmailContent(slowWriter, input),
    );
    await Promise.resolve();
    expect(answers).toHaveLength(4);
    expect(aiCalls.stats()).toEqual({ running: 4, waiting: 8 });

    const refused = await generateEmailContent(slowWriter, input).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'RATE_LIMITED',
      message: AI_BUSY,
      details: { retryAfterSeconds: 10 },
    });

    while (answers.length) {
      for (const answer of answers.splice(0)) answer('<p>Hello</p>');
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await Promise.all(started)).map((result) => result.htmlBody)).toEqual(
      Array(12).fill('<p>Hello</p>'),
    );
    expect(aiCalls.stats()).toEqual({ running: 0, waiting: 0 });
  });
});
