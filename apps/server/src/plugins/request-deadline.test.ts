import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerRequestDeadline } from './request-deadline';

let app: FastifyInstance;
afterEach(() => app?.close());

/** A POST whose headers promise `length` bytes of body, then `parts` sent `gapMs` apart; the raw answer. */
async function slowPost(port: number, path: string, length: number, parts: string[], gapMs: number) {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk;
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`,
  );
  for (const part of parts) {
    await new Promise((resolve) => setTimeout(resolve, gapMs));
    if (!socket.destroyed) socket.write(part);
  }
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  socket.destroy();
  return answer;
}

async function start() {
  app = Fastify();
  registerRequestDeadline(app, 300);
  app.addContentTypeParser('text/plain', (_request, payload, done) => done(null, payload));
  const readAll = async (body: AsyncIterable<Buffer>) => {
    let text = '';
    for await (const chunk of body) text += chunk;
    return { received: text };
  };
  app.post('/form', (request) => readAll(request.body as AsyncIterable<Buffer>));
  app.post('/file', { config: { streamedBody: true } }, (request) =>
    readAll(request.body as AsyncIterable<Buffer>),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

describe('the request deadline', () => {
  it('answers 408 to a request whose body is still arriving at the deadline', async () => {
    const port = await start();
    const answer = await slowPost(port, '/form', 6, ['ab', 'cd', 'ef'], 200);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('lets a streamed upload take longer while its bytes keep coming', async () => {
    const port = await start();
    const answer = await slowPost(port, '/file', 6, ['ab', 'cd', 'ef'], 200);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('{"received":"abcdef"}');
  });

  it('leaves a request that arrived in time alone', async () => {
    const port = await start();
    const answer = await slowPost(port, '/form', 6, ['abcdef'], 10);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });

  it('forgets a request once it is answered, even one whose body nobody read', async () => {
    app = Fastify();
    registerRequestDeadline(app, 30);
    app.get('/quick', async () => ({ ok: true }));
    const clientErrors: unknown[] = [];
    app.server.prependListener('clientError', (error) => clientErrors.push(error));
    const response = await app.inject({ method: 'GET', url: '/quick' });
    expect(response.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(clientErrors).toEqual([]);
  });
});
