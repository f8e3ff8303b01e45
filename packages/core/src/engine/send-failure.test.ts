import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import { GmailApiError } from '../gmail/gmail-error';
import { GmailSendError } from '../mail/send-email';
import { backOffFor, failureAction, MAX_BACKOFF_MS } from './send-failure';

const apiError = (status: number, reason?: string, detail = 'x', retryAt?: Date, retryAfter?: string) =>
  new GmailApiError(status, detail, reason, 'usageLimits', retryAt, retryAfter);
const gmail = (...args: Parameters<typeof apiError>) => new GmailSendError(apiError(...args));

describe('failureAction', () => {
  it('fails a refusal of the message at once and backs off on rate limits, 429 and 5xx, attempt after attempt', () => {
    expect(failureAction(gmail(400, 'invalidArgument'), 1)).toBe('fail');
    expect(failureAction(gmail(403, 'forbidden'), 1)).toBe('fail');
    expect(failureAction(gmail(403, 'userRateLimitExceeded'), 1)).toBe('back-off');
    expect(failureAction(gmail(403, 'rateLimitExceeded'), 9)).toBe('back-off');
    expect(failureAction(gmail(429, 'rateLimitExceeded'), 1)).toBe('back-off');
    expect(failureAction(gmail(503, 'backendError'), 5)).toBe('back-off');
    expect(failureAction(gmail(500), 3)).toBe('back-off');
    // A rate limit on the Message-ID look-up before a retry backs off the same way.
    expect(failureAction(apiError(403, 'userRateLimitExceeded'), 5)).toBe('back-off');
    expect(failureAction(new TypeError('fetch failed'), 1)).toBe('retry');
    expect(failureAction(new TypeError('fetch failed'), 3)).toBe('fail');
  });

  it('holds when the mailbox cannot send now, and fails what can never be sent', () => {
    expect(failureAction(new AppError('QUOTA_EXCEEDED', 'limit'), 3)).toBe('hold');
    expect(failureAction(new AppError('SENDER_UNAVAILABLE', 'reconnect'), 1)).toBe('hold');
    expect(failureAction(new AppError('VALIDATION_ERROR', 'Invalid email address'), 1)).toBe('fail');
    expect(failureAction(new AppError('NOT_FOUND', 'Gmail account not found'), 1)).toBe('fail');
  });
});

describe('backOffFor', () => {
  const now = new Date('2026-11-23T13:05:00Z');

  it('waits until the time the sending limit names', () => {
    const at = new Date('2026-11-23T14:05:00Z');
    const error = apiError(
      429,
      'rateLimitExceeded',
      `User-rate limit exceeded.  Retry after ${at.toISOString()} (Mail sending)`,
      at,
    );
    expect(backOffFor(error, 1, now)).toEqual({
      kind: 'sending-limit',
      until: at,
      reason: 'Gmail sending limit reached, retrying at 14:05 UTC',
    });
  });

  it('backs off exponentially with jitter, capped, when Gmail names no time', () => {
    const first = backOffFor(apiError(403, 'userRateLimitExceeded'), 1, now, () => 1);
    expect(first.until.getTime() - now.getTime()).toBe(30_000);
    expect(first.reason).toBe('Gmail rate limit reached, retrying at 13:05 UTC');
    expect(
      backOffFor(apiError(403, 'userRateLimitExceeded'), 3, now, () => 0).until.getTime() - now.getTime(),
    ).toBe(60_000);
    expect(backOffFor(apiError(500), 40, now, () => 1).until.getTime() - now.getTime()).toBe(MAX_BACKOFF_MS);
    expect(backOffFor(apiError(429, undefined, 'x', undefined, '120'), 1, now).until).toEqual(
      new Date(now.getTime() + 120_000),
    );
  });

  it('names the day when the retry is on another one', () => {
    const at = new Date('2026-11-24T08:00:00Z');
    const error = apiError(429, 'rateLimitExceeded', `Retry after ${at.toISOString()} (Mail sending)`, at);
    expect(backOffFor(error, 1, now).reason).toBe(
      'Gmail sending limit reached, retrying at Nov 24, 08:00 UTC',
    );
  });
});
