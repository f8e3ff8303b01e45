import { type HttpAnswer, type HttpFetch, keepAliveFetch } from '../http/keep-alive-fetch';

/** Reasons that say "slow down", whatever the status (Google APIs answer them as 403 or 429). */
export const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);

/**
 * How often and how patiently a Google call is retried on 429, 5xx, a 403 whose reason is a rate limit
 * (`rateLimitExceeded`, `userRateLimitExceeded`) and (for reads) network errors.
 */
export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 500, maxDelayMs: 8000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const isRetryableStatus = (status: number) => status === 429 || status >= 500;

/** Google answers some rate limits with 403; only the reason in its error body tells them from a refusal. */
async function isRateLimited403(response: HttpAnswer): Promise<boolean> {
  if (response.status !== 403) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: { errors?: { reason?: unknown }[] } } | null;
  const reason = body?.error?.errors?.[0]?.reason;
  return typeof reason === 'string' && RATE_LIMIT_REASONS.has(reason);
}

/** Exponential backoff with jitter, or the server's Retry-After when it gives one (capped). */
export function backoffDelay(policy: RetryPolicy, attempt: number, retryAfter?: string | null): number {
  const seconds = retryAfter ? Number(retryAfter) : Number.NaN;
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, policy.maxDelayMs);
  const ceiling = Math.min(policy.baseDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/**
 * fetch (by default over the process's kept-alive connections) with retries. A 429, 5xx or rate-limit 403
 * answer is retried after a backoff; so is a network failure, but only for GET: a POST whose connection
 * broke may have been carried out (messages.send is not idempotent).
 */
export async function fetchWithRetry(
  url: string,
  init: RequestInit,
  policy: RetryPolicy,
  fetchFn: HttpFetch = keepAliveFetch,
): Promise<HttpAnswer> {
  const method = (init.method ?? 'GET').toUpperCase();
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= policy.attempts;
    let response: HttpAnswer;
    try {
      response = await fetchFn(url, init);
    } catch (error) {
      if (last || method !== 'GET') throw error;
      await sleep(backoffDelay(policy, attempt));
      continue;
    }
    if (last || !(isRetryableStatus(response.status) || (await isRateLimited403(response)))) return response;
    await response.arrayBuffer().catch(() => undefined);
    await sleep(backoffDelay(policy, attempt, response.headers.get('retry-after')));
  }
}
