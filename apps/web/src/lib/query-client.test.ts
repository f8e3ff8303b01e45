import { type QueryClient, type QueryFunctionContext, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, serverMessage } from './api';
import { createQueryClient, getQueryFn, REFRESH_AFTER_CHANGES } from './query-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

const context = (queryKey: readonly unknown[]) =>
  ({ queryKey, signal: new AbortController().signal, meta: undefined }) as unknown as QueryFunctionContext;

describe('getQueryFn', () => {
  it("GETs the key's segments joined with '/'", async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json({ id: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    const result = await getQueryFn({ on401: 'throw' })(context(['/api/sequences', 'abc', 'steps']));
    expect(result).toEqual({ id: 1 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/sequences/abc/steps');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include' });
  });

  it('returns null on 401 with returnNull', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"message":"Not authenticated"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/auth/me']))).resolves.toBeNull();
  });

  it('throws "401: body" by default', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"message":"Not authenticated"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/auth/me']))).rejects.toThrow(
      '401: {"message":"Not authenticated"}',
    );
  });
});

describe('createQueryClient', () => {
  it('never goes stale, never refetches on focus, never retries', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.retry).toBe(false);
    expect(typeof queries?.queryFn).toBe('function');
  });
});

describe('queries marked REFRESH_AFTER_CHANGES', () => {
  it('are fetched again after any successful change, and other queries are not', async () => {
    const client = createQueryClient();
    const marked = vi.fn(async () => 'checklist');
    const plain = vi.fn(async () => 'contacts');
    const observers = [
      new QueryObserver(client, { queryKey: ['marked'], queryFn: marked, meta: REFRESH_AFTER_CHANGES }),
      new QueryObserver(client, { queryKey: ['plain'], queryFn: plain }),
    ];
    const unsubscribe = observers.map((observer) => observer.subscribe(() => {}));
    await vi.waitFor(() => expect([marked, plain].map((fn) => fn.mock.calls.length)).toEqual([1, 1]));

    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => 'saved' })
      .execute(undefined);
    await vi.waitFor(() => expect(marked).toHaveBeenCalledTimes(2));
    expect(plain).toHaveBeenCalledTimes(1);

    await expect(
      client
        .getMutationCache()
        .build(client, { mutationFn: async () => Promise.reject(new Error('refused')) })
        .execute(undefined),
    ).rejects.toThrow('refused');
    expect(marked).toHaveBeenCalledTimes(2);
    for (const stop of unsubscribe) stop();
  });
});

describe('a 403 saying access to the workspace was lost', () => {
  const refusal = (message: string) =>
    new ApiError(403, JSON.stringify({ message, code: 'FORBIDDEN' }), 'Forbidden');
  const failMutation = (client: QueryClient, error: Error) =>
    client
      .getMutationCache()
      .build(client, { mutationFn: async () => Promise.reject(error) })
      .execute(undefined)
      .catch(() => undefined);

  it('drops the cache and leaves once, whether a change or a read met it', async () => {
    const onAccessLost = vi.fn();
    const client = createQueryClient({ onAccessLost });
    client.setQueryData(['/api/sequences'], ['a sequence']);
    await failMutation(client, refusal('You no longer have access to this workspace'));
    expect(onAccessLost).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(['/api/sequences'])).toBeUndefined();

    await client
      .fetchQuery({
        queryKey: ['/api/contacts'],
        queryFn: async () => Promise.reject(refusal('You no longer have access to this workspace')),
      })
      .catch(() => undefined);
    expect(onAccessLost).toHaveBeenCalledTimes(1);
  });

  it('a read refused that way leaves too', async () => {
    const onAccessLost = vi.fn();
    const client = createQueryClient({ onAccessLost });
    await client
      .fetchQuery({
        queryKey: ['/api/contacts'],
        queryFn: async () => Promise.reject(refusal('You no longer have access to this workspace')),
      })
      .catch(() => undefined);
    expect(onAccessLost).toHaveBeenCalledTimes(1);
  });

  it('a refusal for the role keeps the cache and the page: its toast says what is needed', async () => {
    const onAccessLost = vi.fn();
    const client = createQueryClient({ onAccessLost });
    client.setQueryData(['/api/sequences'], ['a sequence']);
    const error = refusal('Only a member of this workspace or above can do this');
    await failMutation(client, error);
    expect(onAccessLost).not.toHaveBeenCalled();
    expect(client.getQueryData(['/api/sequences'])).toEqual(['a sequence']);
    expect(serverMessage(error, 'Failed')).toBe('Only a member of this workspace or above can do this');
  });
});
