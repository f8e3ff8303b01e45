import { RATE_LIMIT_REASONS } from '../google/http-retry';

/**
 * Gmail's error body, `{ error: { code, message, status, errors: [{ reason, domain, message }] } }`, read
 * into what decides a retry: the reason of the first error (`rateLimitExceeded`, `userRateLimitExceeded`,
 * `insufficientPermissions`, ...) and, for the sending limit, the time Gmail names ("Retry after <time>").
 */
export class GmailApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    /** `errors[0].reason`, else the status word (`RESOURCE_EXHAUSTED`, ...). */
    readonly reason?: string,
    readonly domain?: string,
    /** The time Gmail names in its message ("Retry after <time>"): the sending limit's reset. */
    readonly retryAt?: Date,
    /** The Retry-After header, as sent (seconds or an HTTP date). */
    readonly retryAfter?: string,
  ) {
    super(`Gmail API ${status}${reason ? ` ${reason}` : ''}: ${detail}`);
    this.name = 'GmailApiError';
  }
}

const RETRY_AFTER_TEXT = /Retry after (\d{4}-\d{2}-\d{2}T[\d:.]+Z)/i;

/** The time a "Retry after 2026-11-23T15:05:00.000Z (Mail sending)" message names, if any. */
export function retryAfterInMessage(message: string): Date | undefined {
  const match = RETRY_AFTER_TEXT.exec(message)?.[1];
  const at = match ? new Date(match) : undefined;
  return at && Number.isFinite(at.getTime()) ? at : undefined;
}

/** The Retry-After header, in seconds or as an HTTP date, as an instant after `now`. */
export function retryAfterHeader(value: string | null, now: Date): Date | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return new Date(now.getTime() + seconds * 1000);
  const at = new Date(value);
  return Number.isFinite(at.getTime()) ? at : undefined;
}

export function parseGmailError(
  status: number,
  body: unknown,
  statusText: string,
  retryAfter: string | null,
): GmailApiError {
  const error = ((body as { error?: unknown } | null)?.error ?? {}) as {
    message?: unknown;
    status?: unknown;
    errors?: { reason?: unknown; domain?: unknown }[];
  };
  const first = Array.isArray(error.errors) ? error.errors[0] : undefined;
  const message = typeof error.message === 'string' && error.message ? error.message : statusText;
  const reason =
    typeof first?.reason === 'string'
      ? first.reason
      : typeof error.status === 'string'
        ? error.status
        : undefined;
  const domain = typeof first?.domain === 'string' ? first.domain : undefined;
  return new GmailApiError(
    status,
    message,
    reason,
    domain,
    retryAfterInMessage(message),
    retryAfter ?? undefined,
  );
}

/**
 * What a Gmail refusal means: `rate-limit` (slow down and try again), `sending-limit` (the mailbox's daily
 * sending limit: wait until the time Gmail names), `transient` (5xx, backendError), `permission` (a scope
 * was taken away: the mailbox must be reconnected), or `refused` (about this message or recipient).
 */
export type GmailFailureKind = 'rate-limit' | 'sending-limit' | 'transient' | 'permission' | 'refused';

export function gmailFailureKind(error: GmailApiError): GmailFailureKind {
  if (error.reason === 'insufficientPermissions') return 'permission';
  if (error.retryAt && /mail sending/i.test(error.detail)) return 'sending-limit';
  if (error.status === 429 || RATE_LIMIT_REASONS.has(error.reason ?? '')) return 'rate-limit';
  if (error.status >= 500 || error.reason === 'backendError') return 'transient';
  return 'refused';
}
