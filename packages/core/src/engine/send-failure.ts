import { isAppError } from '../app-error';
import {
  GmailApiError,
  type GmailFailureKind,
  gmailFailureKind,
  retryAfterHeader,
} from '../gmail/gmail-error';
import { GmailSendError } from '../mail/send-email';
import { clockTime } from '../schedule/clock-time';
import { MAX_SEND_ATTEMPTS, RETRY_BASE_DELAY_MS } from './engine-deps';

/**
 * What a failed hand-over to Gmail means for the send (rule 12): `fail` for good (Gmail refused this
 * message or recipient, or the address or sender is invalid), `hold` without using up an attempt (the
 * mailbox is at its limit or must be reconnected), `back-off` (Gmail asked to slow down, hit its sending
 * limit or did not answer: the mailbox waits, the send is tried again however many times it takes), or
 * `retry` later for any other failure (network), `fail` once those attempts are used up.
 */
export function failureAction(error: unknown, attempts: number): 'fail' | 'hold' | 'retry' | 'back-off' {
  const gmail = gmailErrorOf(error);
  if (gmail) return gmailFailureKind(gmail) === 'refused' ? 'fail' : 'back-off';
  if (isAppError(error)) {
    if (error.code === 'QUOTA_EXCEEDED' || error.code === 'SENDER_UNAVAILABLE') return 'hold';
    if (error.code === 'VALIDATION_ERROR' || error.code === 'NOT_FOUND' || error.code === 'NO_SENDER') {
      return 'fail';
    }
  }
  return attempts >= MAX_SEND_ATTEMPTS ? 'fail' : 'retry';
}

/** Gmail's answer behind a failure: of the send itself, or of the Message-ID look-up before a retry. */
export function gmailErrorOf(error: unknown): GmailApiError | undefined {
  if (error instanceof GmailSendError) return error.gmail;
  return error instanceof GmailApiError ? error : undefined;
}

/** The longest a mailbox backs off between two tries when Gmail names no time. */
export const MAX_BACKOFF_MS = 30 * 60_000;

export interface BackOff {
  kind: Exclude<GmailFailureKind, 'refused' | 'permission'>;
  until: Date;
  /** The waiting reason shown on the send, e.g. "Gmail sending limit reached, retrying at 14:05 UTC". */
  reason: string;
}

/**
 * When the mailbox may try again: the time Gmail names (the sending limit's "Retry after", or a
 * Retry-After header), else exponential backoff with jitter from the send's attempt count (30 s, 60 s, ...,
 * at most 30 minutes).
 */
export function backOffFor(error: GmailApiError, attempts: number, now: Date, random = Math.random): BackOff {
  const kind = gmailFailureKind(error) as BackOff['kind'];
  const named = error.retryAt ?? retryAfterHeader(error.retryAfter ?? null, now);
  const ceiling = Math.min(
    RETRY_BASE_DELAY_MS * 2 ** Math.min(Math.max(0, attempts - 1), 10),
    MAX_BACKOFF_MS,
  );
  const drawn = new Date(now.getTime() + ceiling / 2 + random() * (ceiling / 2));
  const until = named && named > now ? named : drawn;
  const what =
    kind === 'sending-limit'
      ? 'Gmail sending limit reached'
      : kind === 'rate-limit'
        ? 'Gmail rate limit reached'
        : 'Gmail did not answer';
  return { kind, until, reason: `${what}, retrying at ${clockTime(until, now)}` };
}
