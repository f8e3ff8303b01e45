import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import { MailSendError } from '../mail/send-email';
import { type MailFailureKind, MailProviderError } from '../mailboxes/mail-provider';
import { backOffFor, failureAction, MAX_BACKOFF_MS } from './send-failure';

const failure = (kind: MailFailureKind, retryAt?: Date, provider: 'gmail' | 'microsoft' | 'smtp' = 'gmail') =>
  new MailProviderError(provider, kind, 'x', { status: 429, retryAt });
const refusal = (kind: MailFailureKind) => new MailSendError(failure(kind));

describe('failureAction', () => {
  it('fails a refusal of the message at once and backs off on rate limits and outages, attempt after attempt', () => {
    expect(failureAction(refusal('refused'), 1)).toBe('fail');
    expect(failureAction(refusal('rate-limit'), 1)).toBe('back-off');
    expect(failureAction(refusal('rate-limit'), 9)).toBe('back-off');
    expect(failureAction(refusal('sending-limit'), 1)).toBe('back-off');
    expect(failureAction(refusal('transient'), 5)).toBe('back-off');
    // A rate limit on the Message-ID look-up before a retry backs off the same way.
    expect(failureAction(failure('rate-limit'), 5)).toBe('back-off');
    expect(failureAction(new TypeError('fetch failed'), 1)).toBe('retry');
    expect(failureAction(new TypeError('fetch failed'), 3)).toBe('fail');
  });

  it('holds when the mailbox cannot send now, and fails what can never be sent', () => {
    expect(failureAction(new AppError('QUOTA_EXCEEDED', 'limit'), 3)).toBe('hold');
    expect(failureAction(new AppError('SENDER_UNAVAILABLE', 'reconnect'), 1)).toBe('hold');
    expect(failureAction(failure('auth-lost'), 1)).toBe('hold');
    expect(failureAction(new AppError('VALIDATION_ERROR', 'Invalid email address'), 1)).toBe('fail');
    expect(failureAction(new AppError('NOT_FOUND', 'Gmail account not found'), 1)).toBe('fail');
  });
});

describe('backOffFor', () => {
  const now = new Date('2026-11-23T13:05:00Z');

  it('waits until the time the provider names', () => {
    const at = new Date('2026-11-23T14:05:00Z');
    expect(backOffFor(failure('sending-limit', at), 1, now)).toEqual({
      kind: 'sending-limit',
      until: at,
      reason: 'Gmail sending limit reached, retrying at 14:05 UTC',
    });
    expect(backOffFor(failure('rate-limit', at, 'microsoft'), 1, now).reason).toBe(
      'Microsoft rate limit reached, retrying at 14:05 UTC',
    );
  });

  it('backs off exponentially with jitter, capped, when the provider names no time', () => {
    const first = backOffFor(failure('rate-limit'), 1, now, () => 1);
    expect(first.until.getTime() - now.getTime()).toBe(30_000);
    expect(first.reason).toBe('Gmail rate limit reached, retrying at 13:05 UTC');
    expect(backOffFor(failure('rate-limit'), 3, now, () => 0).until.getTime() - now.getTime()).toBe(60_000);
    expect(backOffFor(failure('transient'), 40, now, () => 1).until.getTime() - now.getTime()).toBe(
      MAX_BACKOFF_MS,
    );
    expect(backOffFor(failure('transient', undefined, 'smtp'), 1, now, () => 1).reason).toBe(
      'Mail server did not answer, retrying at 13:05 UTC',
    );
  });

  it('names the day when the retry is on another one', () => {
    const at = new Date('2026-11-24T08:00:00Z');
    expect(backOffFor(failure('sending-limit', at), 1, now).reason).toBe(
      'Gmail sending limit reached, retrying at Nov 24, 08:00 UTC',
    );
  });
});
