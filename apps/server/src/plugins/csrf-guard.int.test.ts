import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createClient, signUp, type TestClient } from '../testing/test-client';
import { isPublicDoor, unsafeRoutesOf } from './csrf-guard';

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  // Every route is asked many times without a key: the failed-authentication limit would answer 429s.
  t = await createTestApp({ apiAuthFailureLimit: { max: 100_000, windowMs: 60_000 } });
  client = createClient(t.app);
  await signUp(client);
});
afterAll(() => t?.close());

/** A concrete path for a route pattern: every parameter a fresh id, a wildcard a fresh token. */
const concrete = (pattern: string) =>
  pattern.replace(/:[A-Za-z]+(\([^)]*\))?/g, randomUUID()).replace(/\*$/, randomUUID());

/** The same path as a browser or an attacker may spell it: the router matches some, none may slip through. */
const spellings = (path: string): Record<string, string> => ({
  plain: path,
  'first letter percent-encoded': `/%${path.charCodeAt(1).toString(16)}${path.slice(2)}`,
  'every letter of the first segment encoded': path.replace(
    /^\/([a-z]+)/,
    (_, s: string) => `/${[...s].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')}`,
  ),
  'double slash': `/${path}`,
  'upper case': path.replace(/^\/([a-z]+)/, (_, s: string) => `/${s.toUpperCase()}`),
  'dot segment': path.replace(/^\/([a-z]+)/, '/$1/../$1'),
  'encoded dot segment': path.replace(/^\/([a-z]+)/, '/$1/%2e%2e/$1'),
});

describe('CSRF guard: decided on the route the router matched', () => {
  const routes = () => unsafeRoutesOf(t.app);

  it('knows every state-changing route, and only the public doors are open', () => {
    expect(routes().length).toBeGreaterThan(50);
    const open = routes().filter((r) => isPublicDoor(r.url));
    expect(open.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'POST /sandbox/apollo/*',
      'POST /sandbox/google/*',
      'POST /sandbox/microsoft/*',
      'POST /u/*',
    ]);
  });

  it('refuses every guarded route, whatever the spelling of its path, without JSON and Origin', async () => {
    const slipped: string[] = [];
    for (const route of routes().filter((r) => !isPublicDoor(r.url))) {
      for (const [name, url] of Object.entries(spellings(concrete(route.url)))) {
        const response = await client.request({
          method: route.method as 'POST',
          url,
          headers: { 'content-type': 'text/plain' },
          payload: 'x',
        });
        // The router either matched it (then the guard answers 415, or the public API its 401 for a request
        // without a key, which a browser never adds on its own) or did not (404, no handler ran).
        const refusal = route.url.startsWith('/api/v1/') ? 401 : 415;
        if (response.statusCode !== refusal && response.statusCode !== 404)
          slipped.push(`${route.method} ${url} (${name}): ${response.statusCode}`);
        if (name === 'plain' && response.statusCode !== refusal)
          slipped.push(`${route.method} ${url} was not guarded: ${response.statusCode}`);
      }
    }
    expect(slipped).toEqual([]);
  });

  it('asks for an API key on every spelling of a public API path, even with a JSON body', async () => {
    for (const url of [
      '/api/v1/contacts',
      '/%61pi/v1/contacts',
      '/%61%70%69/v1/contacts',
      '/api/v1/../v1/contacts',
    ]) {
      const response = await client.request({ method: 'POST', url, payload: { email: 'x@example.com' } });
      expect([401, 404], url).toContain(response.statusCode);
    }
    const plain = await client.request({ method: 'POST', url: '/%61pi/v1/contacts', payload: {} });
    expect(plain.statusCode).toBe(401);
  });

  it('refuses a percent-encoded path with a foreign Origin, as the plain one', async () => {
    const id = randomUUID();
    for (const url of [`/api/sequences/${id}/pause`, `/%61pi/sequences/${id}/pause`]) {
      const response = await client.request({
        method: 'POST',
        url,
        headers: { origin: 'http://evil.example' },
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const removal = await client.request({
      method: 'DELETE',
      url: `/%61pi/inbox/labels/${id}`,
      headers: { origin: 'http://evil.example' },
    });
    expect(removal.statusCode).toBe(415);
  });

  it('still lets the app itself through: JSON, or its own Origin without a body', async () => {
    const id = randomUUID();
    const json = await client.request({
      method: 'POST',
      url: `/%61pi/sequences/${id}/pause`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(404);
    const own = await client.request({
      method: 'POST',
      url: `/api/sequences/${id}/pause`,
      headers: { origin: 'http://localhost:3000' },
    });
    expect(own.statusCode).toBe(404);
  });
});
