import { AppError } from '@prospector/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../http/error-handler';
import { answerWithProgress, wantsProgress } from './import-progress-answer';

let app: FastifyInstance;
afterEach(() => app?.close());

type Run = Parameters<typeof answerWithProgress>[2];

async function appRunning(run: Run) {
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.post('/import', (request, reply) =>
    wantsProgress(request) ? answerWithProgress(request, reply, run) : run(() => {}),
  );
  await app.ready();
  return app;
}

const importing = (accept: string) =>
  app.inject({ method: 'POST', url: '/import', headers: { accept }, payload: {} });

const linesOf = (body: string) =>
  body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

describe('an import answered with its progress', () => {
  it('sends each progress as a line once the file has arrived, then the report', async () => {
    await appRunning(async (onProgress) => {
      onProgress({ stage: 'saving', saved: 0, total: 2 });
      onProgress({ stage: 'saving', saved: 2, total: 2 });
      return { inserted: 2 };
    });
    const response = await importing('application/x-ndjson, application/json;q=0.9');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(linesOf(response.body)).toEqual([
      { progress: { stage: 'saving', saved: 0, total: 2 } },
      { progress: { stage: 'saving', saved: 2, total: 2 } },
      { result: { inserted: 2 } },
    ]);
    const plain = await importing('application/json');
    expect(plain.json()).toEqual({ inserted: 2 });
  });

  it('keeps the status of a refusal that comes before the first progress', async () => {
    await appRunning(async () => {
      throw new AppError('INVALID_CUSTOM_FIELDS', 'Row 3: too many custom fields');
    });
    const response = await importing('application/x-ndjson');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: 'Row 3: too many custom fields' });
  });

  it('ends with the error when the import fails after it began to answer', async () => {
    await appRunning(async (onProgress) => {
      onProgress({ stage: 'saving', saved: 0, total: 2 });
      throw new Error('the database went away');
    });
    const response = await importing('application/x-ndjson');
    expect(response.statusCode).toBe(200);
    expect(linesOf(response.body)).toEqual([
      { progress: { stage: 'saving', saved: 0, total: 2 } },
      { error: { status: 500, message: 'Internal server error', code: 'INTERNAL' } },
    ]);
  });
});
