import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  errorStatus,
  serverCode,
  serverField,
  serverMessage,
  throwIfResNotOk,
} from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('throwIfResNotOk', () => {
  it('raises "<status>: <body>" for a non-OK response', async () => {
    const res = new Response('{"message":"Invalid email or password"}', {
      status: 401,
      statusText: 'Unauthorized',
    });
    await expect(throwIfResNotOk(res)).rejects.toThrow('401: {"message":"Invalid email or password"}');
  });

  it('falls back to the status text when the body is empty', async () => {
    const res = new Response('', { status: 503, statusText: 'Service Unavailable' });
    await expect(throwIfResNotOk(res)).rejects.toThrow('503: Service Unavailable');
  });

  it('passes OK responses', async () => {
    await expect(throwIfResNotOk(new Response('{}', { status: 200 }))).resolves.toBeUndefined();
  });
});

describe('serverMessage', () => {
  it("reads the body's message field", () => {
    const error = new ApiError(
      409,
      '{"message":"An account with this email already exists","code":"DUPLICATE_EMAIL"}',
      '',
    );
    expect(serverMessage(error, 'Registration failed')).toBe('An account with this email already exists');
    expect(serverCode(error)).toBe('DUPLICATE_EMAIL');
    expect(errorStatus(error)).toBe(409);
  });

  it("reads another field of the body, such as a duplicate's contactId", () => {
    const body = '{"message":"This email address already exists","code":"DUPLICATE_EMAIL","contactId":"c-1"}';
    const error = new ApiError(409, body, '');
    expect(serverField(error, 'contactId')).toBe('c-1');
    expect(serverField(error, 'missing')).toBeUndefined();
    expect(serverField(new ApiError(409, 'null', ''), 'contactId')).toBeUndefined();
    expect(serverField(new ApiError(502, '<html>', ''), 'contactId')).toBeUndefined();
  });

  it('reads a plain Error in the "<status>: <body>" form', () => {
    const error = new Error('400: {"message":"Current password is incorrect"}');
    expect(serverMessage(error, 'x')).toBe('Current password is incorrect');
    expect(errorStatus(error)).toBe(400);
  });

  it('falls back when there is no message', () => {
    expect(serverMessage(new ApiError(502, '<html>bad gateway</html>', 'Bad Gateway'), 'Login failed')).toBe(
      'Login failed',
    );
    expect(serverMessage(new TypeError('Failed to fetch'), 'Login failed')).toBe('Login failed');
    expect(serverMessage('nope', 'Login failed')).toBe('Login failed');
  });
});

describe('apiRequest', () => {
  it('sends credentials and a JSON body', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('POST', '/api/auth/login', { email: 'a@x.io', password: 'p' });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":"a@x.io","password":"p"}',
      credentials: 'include',
    });
  });

  it('marks a bodyless write as JSON and a GET as nothing', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('POST', '/api/auth/logout');
    await apiRequest('GET', '/api/health');
    expect(fetchMock.mock.calls[0]).toEqual([
      '/api/auth/logout',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: undefined,
        credentials: 'include',
      },
    ]);
    expect(fetchMock.mock.calls[1]).toEqual([
      '/api/health',
      { method: 'GET', headers: {}, body: undefined, credentials: 'include' },
    ]);
  });

  it('throws the status error', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"message":"Not found"}', { status: 404 }));
    await expect(apiRequest('DELETE', '/api/x')).rejects.toThrow('404: {"message":"Not found"}');
  });
});
