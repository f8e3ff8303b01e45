import { isAppError } from '../app-error';
import { GmailSendError } from '../mail/send-email';
import { MAX_SEND_ATTEMPTS } from './engine-deps';

/**
 * What a failed hand-over to Gmail means for the send (rule 12): `fail` for good (Gmail refused it with a
 * 4xx other than 429, or the address or sender is invalid), `hold` without using up an attempt (the
 * mailbox is at its limit or must be reconnected), `retry` later (429, 5xx, network), or `fail` once the
 * attempts are used up.
 */
export function failureAction(error: unknown, attempts: number): 'fail' | 'hold' | 'retry' {
  if (error instanceof GmailSendError) {
    if (error.status !== 429 && error.status < 500) return 'fail';
  } else if (isAppError(error)) {
    if (error.code === 'QUOTA_EXCEEDED' || error.code === 'SENDER_UNAVAILABLE') return 'hold';
    if (error.code === 'VALIDATION_ERROR' || error.code === 'NOT_FOUND' || error.code === 'NO_SENDER') {
      return 'fail';
    }
  }
  return attempts >= MAX_SEND_ATTEMPTS ? 'fail' : 'retry';
}
