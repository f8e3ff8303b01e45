import { describe, expect, it } from 'vitest';
import { GmailApiError } from './gmail-error';
import { gmailFailure } from './gmail-provider';

const now = new Date('2026-11-23T13:05:00Z');
const apiError = (status: number, reason?: string, detail = 'x', retryAt?: Date, retryAfter?: string) =>
  new GmailApiError(status, detail, reason, 'usageLimits', retryAt, retryAfter);
const kindOf = (...args: Parameters<typeof apiError>) => gmailFailure(apiError(...args), now).kind;

describe('gmailFailure', () => {
  it("reads Gmail's refusals into the app's kinds", () => {
    expect(kindOf(400, 'invalidArgument')).toBe('refused');
    expect(kindOf(403, 'forbidden')).toBe('refused');
    expect(kindOf(403, 'userRateLimitExceeded')).toBe('rate-limit');
    expect(kindOf(403, 'rateLimitExceeded')).toBe('rate-limit');
    expect(kindOf(429, 'rateLimitExceeded')).toBe('rate-limit');
    expect(kindOf(503, 'backendError')).toBe('transient');
    expect(kindOf(500)).toBe('transient');
    expect(kindOf(403, 'insufficientPermissions')).toBe('auth-lost');
  });

  it('keeps the time Gmail names: the sending limit’s "Retry after", else the Retry-After header', () => {
    const at = new Date('2026-11-23T14:05:00Z');
    const limit = gmailFailure(
      apiError(
        429,
        'rateLimitExceeded',
        `User-rate limit exceeded.  Retry after ${at.toISOString()} (Mail sending)`,
        at,
      ),
      now,
    );
    expect(limit).toMatchObject({
      provider: 'gmail',
      kind: 'sending-limit',
      options: { retryAt: at, status: 429 },
    });
    expect(gmailFailure(apiError(429, undefined, 'x', undefined, '120'), now).options.retryAt).toEqual(
      new Date(now.getTime() + 120_000),
    );
    expect(gmailFailure(apiError(403, 'userRateLimitExceeded'), now).options.retryAt).toBeUndefined();
  });
});
