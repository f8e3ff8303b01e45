import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import { GmailSendError } from '../mail/send-email';
import { failureAction } from './send-failure';

describe('failureAction', () => {
  it('fails a 4xx refusal at once, retries 429 and 5xx until the third attempt', () => {
    expect(failureAction(new GmailSendError(400), 1)).toBe('fail');
    expect(failureAction(new GmailSendError(403), 1)).toBe('fail');
    expect(failureAction(new GmailSendError(429), 1)).toBe('retry');
    expect(failureAction(new GmailSendError(503), 2)).toBe('retry');
    expect(failureAction(new GmailSendError(500), 3)).toBe('fail');
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
