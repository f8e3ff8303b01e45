import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepAliveFetch } from './keep-alive-fetch';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A loopback server that records each request and its connection, answering by path. */
function startServer(answer: (seen: Seen, response: ServerResponse) => void) {
  const seen: Seen[] = [];
  let connections = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const one = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(one);
      answer(one, response);
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  server.keepAliveTimeout = 10_000;
  return {
    seen,
    connections: () => connections,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const server = startServer((seen, response) => {
  if (seen.url.startsWith('/empty')) {
    response.writeHead(204).end();
    return;
  }
  if (seen.url.startsWith('/limited')) {
    response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' });
    response.end(JSON.stringify({ error: { code: 429, errors: [{ reason: 'rateLimitExceeded' }] } }));
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] });
  response.end(JSON.stringify({ id: 'm1', echo: seen.body }));
});
let base = '';
beforeAll(async () => {
  base = await server.listen();
});
afterAll(() => server.close());

describe('keepAliveFetch', () => {
  it('sends the method, path, query, headers and JSON body, and reads the answer', async () => {
    const body = JSON.stringify({ raw: 'abc' });
    const answer = await keepAliveFetch(`${base}/gmail/v1/users/me/messages/send?x=1`, {
      method: 'post',
      headers: { authorization: 'Bearer t0ken', 'content-type': 'application/json' },
      body,
    });
    expect(answer.status).toBe(200);
    expect(answer.ok).toBe(true);
    expect(answer.statusText).toBe('OK');
    expect(answer.headers.get('Content-Type')).toBe('application/json');
    expect(answer.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(answer.headers.get('x-missing')).toBeNull();
    expect(await answer.json()).toEqual({ id: 'm1', echo: body });
    const request = server.seen.at(-1) as Seen;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/gmail/v1/users/me/messages/send?x=1');
    expect(request.headers.authorization).toBe('Bearer t0ken');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['content-length']).toBe(String(Buffer.byteLength(body)));
  });

  it('takes headers as a Headers object or pairs too, names in any case', async () => {
    await keepAliveFetch(`${base}/h`, { headers: new Headers({ 'X-One': '1' }) });
    expect(server.seen.at(-1)?.headers['x-one']).toBe('1');
    await keepAliveFetch(`${base}/h`, { headers: [['X-Two', '2']] });
    expect(server.seen.at(-1)?.headers['x-two']).toBe('2');
    await keepAliveFetch(`${base}/h`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(server.seen.at(-1)?.headers['content-type']).toBe('application/json');
  });

  it('sends a form body with its content type, as fetch does', async () => {
    await keepAliveFetch(`${base}/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'r t' }),
    });
    const request = server.seen.at(-1) as Seen;
    expect(request.body).toBe('grant_type=refresh_token&refresh_token=r+t');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
  });

  it('gives an error status as an answer whose body can be read twice, and a 204 as an empty one', async () => {
    const limited = await keepAliveFetch(`${base}/limited`);
    expect(limited.ok).toBe(false);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(await limited.clone().json()).toMatchObject({ error: { code: 429 } });
    expect(JSON.parse(await limited.text())).toMatchObject({
      error: { errors: [{ reason: 'rateLimitExceeded' }] },
    });
    const empty = await keepAliveFetch(`${base}/empty`, { method: 'DELETE' });
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
  });

  it('keeps its connections open: sequential calls reuse one socket', async () => {
    const before = server.connections();
    for (let i = 0; i < 20; i++)
      await (await keepAliveFetch(`${base}/reuse`, { method: 'POST', body: `${i}` })).json();
    expect(server.connections() - before).toBeLessThanOrEqual(1);
  });

  it('fails as fetch does when nothing answers: TypeError "fetch failed" with the cause', async () => {
    const closed = startServer(() => {});
    const url = await closed.listen();
    await closed.close();
    const failure = await keepAliveFetch(`${url}/send`, { method: 'POST', body: '{}' }).catch(
      (error) => error,
    );
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure.message).toBe('fetch failed');
    expect(String(failure.cause)).toMatch(/ECONNREFUSED/);
  });

  it('refuses a body it cannot send rather than sending something else', async () => {
    await expect(keepAliveFetch(`${base}/x`, { method: 'POST', body: new Blob(['x']) })).rejects.toThrow(
      /string, URLSearchParams or byte bodies only/,
    );
  });
});
