import type { IndustrySuggestion, Lead, LeadPagination } from '@prospector/contracts';
import { AppError, type AppErrorCode } from '../app-error';
import { createCallGate } from '../limits/call-gate';
import type { ApolloConnection, ApolloRetryPolicy, ApolloSettings } from './apollo-settings';
import { INTERACTIVE_APOLLO_RETRY } from './apollo-settings';
import { type ApolloPersonWire, type ApolloSearchWire, toLead, toPagination } from './apollo-wire';

export const APOLLO_CONNECT_FAILED = 'Failed to connect to Apollo API';
export const APOLLO_RATE_LIMITED = 'Apollo rate limit reached. Please wait a minute and try again.';
export const APOLLO_NOT_MASTER_KEY =
  'This Apollo API key cannot search people: People API Search needs a master key. In Apollo, open Settings, Integrations, API, create a key and choose "Set as master key", then save it here.';
export const APOLLO_OUT_OF_CREDITS = 'Out of Apollo credits';
export const APOLLO_TIMED_OUT = 'Apollo did not answer in time. Please try again.';
export const APOLLO_BUSY = 'Too many Apollo requests are under way. Please try again in a few seconds.';

/** Apollo's bounds in this process: one call (answer read included), calls at once, calls waiting. */
export const APOLLO_CALL_LIMITS = { timeoutMs: 20_000, concurrency: 8, maxWaiting: 16, retryAfterSeconds: 5 };

/** Every user's Apollo calls share this gate: one user's burst cannot hold every outgoing connection. */
export const apolloCalls = createCallGate({ ...APOLLO_CALL_LIMITS, busyMessage: APOLLO_BUSY });

/** A refusal or failure of Apollo's: the AppError the user sees, and Apollo's own reason. */
export class ApolloApiError extends AppError {
  readonly reason: string;

  constructor(code: AppErrorCode, message: string, reason: string) {
    super(code, message);
    this.reason = reason;
  }
}

export type ApolloWindow = 'per-minute' | 'hourly' | 'daily';

/** Apollo's limit for one of its windows is used up: nothing more until `resumeAt`. */
export class ApolloRateLimitError extends ApolloApiError {
  constructor(
    reason: string,
    readonly window: ApolloWindow,
    readonly resumeAt: Date,
  ) {
    super('RATE_LIMITED', APOLLO_RATE_LIMITED, reason);
  }
}

export type ApolloTagKind = 'person_title' | 'location';

export interface ApolloClient {
  searchPeople(params: Record<string, unknown>): Promise<{ people: Lead[]; pagination: LeadPagination }>;
  /** people/match by id: the person with the email unlocked, or null when Apollo has no such person. */
  matchPerson(id: string): Promise<Lead | null>;
  /** people/bulk_match for up to 10 ids, in the same order (null where Apollo found nobody). */
  bulkMatch(ids: string[]): Promise<(Lead | null)[]>;
  searchTags(kind: ApolloTagKind, text: string, perPage?: number): Promise<IndustrySuggestion[]>;
}

/** Apollo's reason from an error body: `{error}`, `{message}` or `{errors: [...]}`. */
export function apolloReason(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const value of [record.error, record.message, record.error_message]) {
      if (typeof value === 'string' && value.trim()) return value.trim();
    }
    if (Array.isArray(record.errors) && record.errors.length > 0) {
      return record.errors.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))).join('; ');
    }
  }
  if (typeof body === 'string' && body.trim() && body.length < 300) return body.trim();
  return `Apollo answered ${status}`;
}

const WINDOW_MS: Record<ApolloWindow, number> = {
  'per-minute': 60_000,
  hourly: 3_600_000,
  daily: 86_400_000,
};

/**
 * Which of Apollo's windows is used up (its `x-24-hour-requests-left`, `x-hourly-requests-left` and
 * `x-minute-requests-left` headers; the longest empty one wins) and when it resets: Retry-After when
 * Apollo gives one (seconds or a date), else the end of that clock window.
 */
export function rateLimitWindow(headers: Headers, now: number): { window: ApolloWindow; resumeAt: number } {
  const empty = (name: string) => headers.get(name) === '0';
  const window: ApolloWindow = empty('x-24-hour-requests-left')
    ? 'daily'
    : empty('x-hourly-requests-left')
      ? 'hourly'
      : 'per-minute';
  const retryAfter = headers.get('retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return { window, resumeAt: now + Math.max(0, seconds * 1000) };
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return { window, resumeAt: Math.max(now, date) };
  }
  const size = WINDOW_MS[window];
  return { window, resumeAt: now - (now % size) + size };
}

/** How long Apollo asks to wait: until the used-up window resets, else a backoff. */
export function rateLimitDelayMs(headers: Headers, now: number, attempt: number, policy: ApolloRetryPolicy) {
  const named =
    headers.get('retry-after') ||
    ['x-minute-requests-left', 'x-hourly-requests-left', 'x-24-hour-requests-left'].some(
      (h) => headers.get(h) === '0',
    );
  if (named) return rateLimitWindow(headers, now).resumeAt - now;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function readBody(response: Response): Promise<unknown> {
  const raw = await response.text();
  try {
    return raw ? JSON.parse(raw) : null;
  } catch {
    return raw;
  }
}

/**
 * Apollo's REST API with one user's key (in the X-Api-Key header only). A 403 on the people search is a key
 * that is not a master key, other 401/403 "Apollo rejected the API key", 402 or a credits refusal "Out of
 * Apollo credits", 422 Apollo's reason, 429 waits as Apollo asks within the policy, else an
 * ApolloRateLimitError naming the window and when it resets, network failures
 * 'Failed to connect to Apollo API'. Each call (its answer read included) has 20 s, then "Apollo did not
 * answer in time" without a retry; calls go through the process's gate (`apolloCalls`). `now` (the app's
 * clock) is read only for Retry-After dates and windows.
 */
export function createApolloClient(
  connection: Pick<ApolloConnection, 'baseUrl' | 'apiKey'>,
  options: Pick<ApolloSettings, 'fetch' | 'sleep'> & {
    retry?: ApolloRetryPolicy;
    now: () => number;
    /** The signal that ends one call; tests abort it themselves instead of waiting for the timeout. */
    deadline?: () => AbortSignal;
  },
): ApolloClient {
  const policy = options.retry ?? INTERACTIVE_APOLLO_RETRY;
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const { now } = options;
  const deadline = options.deadline ?? (() => AbortSignal.timeout(APOLLO_CALL_LIMITS.timeoutMs));
  const base = connection.baseUrl.replace(/\/+$/, '');

  async function call<T>(path: string, body: object): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const last = attempt + 1 >= policy.attempts;
      let response: Response;
      let answer: unknown;
      const signal = deadline();
      try {
        [response, answer] = await apolloCalls.run(
          async () => {
            const received = await doFetch(`${base}/api/v1/${path}`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                accept: 'application/json',
                'cache-control': 'no-cache',
                'x-api-key': connection.apiKey,
              },
              body: JSON.stringify(body),
              signal,
            });
            return [received, await readBody(received)] as const;
          },
          { patient: policy.patient },
        );
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (signal.aborted) throw new ApolloApiError('UPSTREAM_ERROR', APOLLO_TIMED_OUT, APOLLO_TIMED_OUT);
        if (last) throw new ApolloApiError('UPSTREAM_ERROR', APOLLO_CONNECT_FAILED, APOLLO_CONNECT_FAILED);
        await sleep(Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt));
        continue;
      }
      if (response.ok) return answer as T;
      const reason = apolloReason(answer, response.status);
      if (response.status === 403 && path.startsWith('mixed_people/')) {
        throw new ApolloApiError('BAD_REQUEST', APOLLO_NOT_MASTER_KEY, reason);
      }
      if (response.status === 402 || /insufficient credits|out of credits/i.test(reason)) {
        throw new ApolloApiError('BAD_REQUEST', APOLLO_OUT_OF_CREDITS, reason);
      }
      if (response.status === 401 || response.status === 403) {
        throw new ApolloApiError('BAD_REQUEST', `Apollo rejected the API key: ${reason}`, reason);
      }
      if (response.status === 422 || response.status === 400) {
        throw new ApolloApiError('VALIDATION_ERROR', `Apollo could not run this request: ${reason}`, reason);
      }
      if (response.status === 429) {
        const wait = rateLimitDelayMs(response.headers, now(), attempt, policy);
        if (last || wait > policy.maxDelayMs) {
          const { window, resumeAt } = rateLimitWindow(response.headers, now());
          throw new ApolloRateLimitError(reason, window, new Date(resumeAt));
        }
        await sleep(wait);
        continue;
      }
      if (response.status >= 500 && !last) {
        await sleep(Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt));
        continue;
      }
      throw new ApolloApiError('UPSTREAM_ERROR', `Apollo API error (${response.status}): ${reason}`, reason);
    }
  }

  return {
    async searchPeople(params) {
      const wire = (await call<ApolloSearchWire | null>('mixed_people/api_search', params)) ?? {};
      const people = [...(wire.people ?? []), ...(wire.contacts ?? [])].map(toLead);
      const page = Number(params.page ?? 1);
      const perPage = Number(params.per_page ?? people.length);
      return { people, pagination: toPagination(wire, page, perPage, people.length) };
    },
    async matchPerson(id) {
      const wire = await call<{ person?: ApolloPersonWire | null } | null>('people/match', {
        id,
        reveal_personal_emails: false,
      });
      return wire?.person ? toLead(wire.person) : null;
    },
    async bulkMatch(ids) {
      if (ids.length === 0) return [];
      const wire = await call<{ matches?: (ApolloPersonWire | null)[] } | null>('people/bulk_match', {
        details: ids.map((id) => ({ id })),
        reveal_personal_emails: false,
      });
      const byId = new Map(
        (wire?.matches ?? []).filter((m) => m?.id).map((m) => [m?.id, toLead(m as ApolloPersonWire)]),
      );
      return ids.map((id) => byId.get(id) ?? null);
    },
    async searchTags(kind, text, perPage = 10) {
      const wire = await call<{
        tags?: { id?: string; cleaned_name?: string; display_name?: string }[];
      } | null>('tags/search', { q_tag_fuzzy_name: text, kind, per_page: perPage });
      return (wire?.tags ?? [])
        .map((tag) => ({
          id: String(tag.id ?? ''),
          name: String(tag.display_name ?? tag.cleaned_name ?? '').trim(),
        }))
        .filter((tag) => tag.name);
    },
  };
}
