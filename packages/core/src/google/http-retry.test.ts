import { describe, expect, it } from 'vitest';
import { fetchWithRetry } from './http-retry';

const POLICY = { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 };

const gmailError = (status: number, reason: string) =>
  new Response(
    JSON.stringify({
      error: { code: status, message: reason, errors: [{ reason, domain: 'usageLimits', message: reason }] },
    }),
    { status, headers: { 'content-type': 'application/json' } },
  );

/** A fetch that answers the given responses in turn and counts the calls. */
function answering(...responses: Response[]) {
  const calls: string[] = [];
  const fetchFn = (async (url: string) => {
    calls.push(url);
    return responses.shift() ?? new Response('{}', { status: 200 });
  }) as typeof fetch;
  return { calls, fetchFn };
}

describe('fetchWithRetry', () => {
  it('retries a 403 whose reason is a rate limit, then returns the answer that worked', async () => {
    const { calls, fetchFn } = answering(
      gmailError(403, 'userRateLimitExceeded'),
      gmailError(403, 'rateLimitExceeded'),
      new Response('{"id":"m1"}', { status: 200 }),
    );
    const response = await fetchWithRetry('https://gmail/send', { method: 'POST' }, POLICY, fetchFn);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 'm1' });
    expect(calls).toHaveLength(3);
  });

  it('does not retry a 403 that is a refusal (insufficientPermissions), and the body is still readable', async () => {
    const { calls, fetchFn } = answering(gmailError(403, 'insufficientPermissions'));
    const response = await fetchWithRetry('https://gmail/send', { method: 'POST' }, POLICY, fetchFn);
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: { errors: { reason: string }[] } };
    expect(body.error.errors[0]?.reason).toBe('insufficientPermissions');
    expect(calls).toHaveLength(1);
  });

  it('gives the last rate-limit answer back once the attempts are spent', async () => {
    const { calls, fetchFn } = answering(
      gmailError(403, 'rateLimitExceeded'),
      gmailError(403, 'rateLimitExceeded'),
      gmailError(403, 'rateLimitExceeded'),
    );
    const response = await fetchWithRetry('https://gmail/profile', {}, POLICY, fetchFn);
    expect(response.status).toBe(403);
    expect(calls).toHaveLength(3);
  });
});
