import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createClient, uniqueEmail } from '../testing/test-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const json = { 'content-type': 'application/json' };
const post = (url: string, payload: string, headers: Record<string, string> = json) =>
  createClient(t.app).request({ method: 'POST', url, payload, headers });

/** Every failure: a 4xx with a JSON `{ message, code }` body and nothing else. */
function expectJsonError(
  response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
) {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toContain('application/json');
  const body = response.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'message']);
  expect(typeof body.message).toBe('string');
  return body;
}

describe('bad input gets a 4xx JSON answer, never a 500', () => {
  it('malformed JSON -> 400 "Malformed JSON body"', async () => {
    for (const payload of ['{"email":', '{bad}', 'nul', '{"a":1}}']) {
      const body = expectJsonError(await post('/api/auth/login', payload), 400);
      expect(body).toEqual({ message: 'Malformed JSON body', code: 'BAD_REQUEST' });
    }
  });

  it('prototype-poisoning keys are refused', async () => {
    expectJsonError(await post('/api/auth/login', '{"__proto__":{"admin":true},"email":"a@b.co"}'), 400);
  });

  it('wrong types and missing fields -> 400 VALIDATION_ERROR with a readable message', async () => {
    const cases: [string, string][] = [
      ['{"email":42,"password":"x"}', 'Email must be a string'],
      ['{"email":"a@b.co"}', 'Password is required'],
      ['{}', 'Email is required'],
      ['[]', 'Request body must be a JSON object'],
      ['"text"', 'Request body must be a JSON object'],
      ['', 'Email is required'],
    ];
    for (const [payload, message] of cases) {
      const body = expectJsonError(await post('/api/auth/login', payload), 400);
      expect(body).toEqual({ message, code: 'VALIDATION_ERROR' });
    }
  });

  it('register reports a missing full name with the spec message', async () => {
    const response = await post(
      '/api/auth/register',
      JSON.stringify({ email: uniqueEmail(), password: 'password-1' }),
    );
    expect(expectJsonError(response, 400).message).toBe('Full name is required');
  });

  it('a body over 1 MiB -> 413', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024) });
    const body = expectJsonError(await post('/api/auth/login', big), 413);
    expect(body).toEqual({
      message: 'Request body is too large (the limit is 1 MiB)',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('another content type -> 415', async () => {
    const form = await post('/api/auth/login', 'email=a%40b.co&password=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(expectJsonError(form, 415).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const text = await post('/api/auth/login', '{"email":"a@b.co"}', { 'content-type': 'text/plain' });
    expectJsonError(text, 415);
  });

  it('unknown /api routes -> 404 JSON for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await createClient(t.app).request({
        method,
        url: '/api/does-not-exist',
        headers: json,
        payload: '{}',
      });
      expect(expectJsonError(response, 404)).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
    expectJsonError(await createClient(t.app).get('/api'), 404);
  });
});

describe('CSRF guard on state-changing /api requests', () => {
  it('refuses a cross-site form post (no JSON, foreign or no Origin)', async () => {
    for (const origin of [undefined, 'https://evil.example']) {
      const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
      if (origin) headers.origin = origin;
      const response = await post('/api/auth/logout', 'x=1', headers);
      expectJsonError(response, 415);
    }
    const bare = await createClient(t.app).request({ method: 'POST', url: '/api/auth/logout' });
    expectJsonError(bare, 415);
  });

  it('accepts a bodyless same-origin request (Origin = APP_URL)', async () => {
    const response = await createClient(t.app).request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(response.statusCode).toBe(200);
  });
});
