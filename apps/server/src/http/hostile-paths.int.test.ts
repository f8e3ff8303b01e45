import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let base: string;
beforeAll(async () => {
  const web = mkdtempSync(join(tmpdir(), 'prospector-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Prospector SPA</title>');
  t = await createTestApp({ webDistDir: web });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t?.close());

/** A real request over a socket, given one second to be answered. */
async function fetchWithin(path: string, method = 'GET') {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { method, signal: AbortSignal.timeout(1_000) });
  const body = method === 'HEAD' ? null : await response.json();
  return { status: response.status, body, ms: performance.now() - started };
}

describe('paths the static-file handler refuses', () => {
  it.each([
    '/sequences/%00',
    '/%00',
    '/api/x%00',
    '/assets/%00',
    '/index.html%00',
    '/..%2f..%2fpackage.json',
    '/assets/..%2f..%2f..%2fetc%2fpasswd',
    '/%2e%2e/%2e%2e/package.json',
    '/sequences/%E0%A4%A',
    '/%ff',
    '/api/contacts/%E0%A4%A',
    '/api/contacts?q=%E0%A4%A',
  ])('%s is answered within a second with a 4xx in the app shape', async (path) => {
    const answer = await fetchWithin(path);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(Object.keys(answer.body as object).sort()).toEqual(['code', 'message']);
  });

  it('HEAD gets the same prompt answer', async () => {
    const answer = await fetchWithin('/..%2f..%2fpackage.json', 'HEAD');
    expect(answer.status).toBe(404);
  });

  it('bad percent-encoding gets the app error body, not the framework one echoing the URL', async () => {
    const answer = await fetchWithin('/api/contacts/%E0%A4%A');
    expect(answer).toMatchObject({ status: 400, body: { message: 'Malformed URL', code: 'BAD_REQUEST' } });
  });

  it('ordinary pages and files are still served', async () => {
    const page = await fetch(`${base}/sequences/123`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Prospector SPA');
  });
});
