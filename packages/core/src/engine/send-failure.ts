import { isAppError } from '../app-error';
import { MailSendError } from '../mail/send-email';
import { type MailFailureKind, MailProviderError, PROVIDER_LABELS } from '../mailboxes/mail-provider';
import { clockTime } from '../schedule/clock-time';
import { MAX_SEND_ATTEMPTS, RETRY_BASE_DELAY_MS } from './engine-deps';

/**
 * What a failed hand-over to the provider means for the send (rule 12): `fail` for good (the provider
 * refused this message or recipient, or the address or sender is invalid), `hold` without using up an
 * attempt (the mailbox is at its limit or must be reconnected), `back-off` (the provider asked to slow
 * down, hit its sending limit or did not answer: the mailbox waits, the send is tried again however many
 * times it takes), or `retry` later for any other failure (network), `fail` once those attempts are used up.
 */
export function failureAction(error: unknown, attempts: number): 'fail' | 'hold' | 'retry' | 'back-off' {
  const failure = providerFailureOf(error);
  if (failure) {
    if (failure.kind === 'refused') return 'fail';
    return failure.kind === 'auth-lost' ? 'hold' : 'back-off';
  }
  if (isAppError(error)) {
    if (error.code === 'QUOTA_EXCEEDED' || error.code === 'SENDER_UNAVAILABLE') return 'hold';
    if (error.code === 'VALIDATION_ERROR' || error.code === 'NOT_FOUND' || error.code === 'NO_SENDER') {
      return 'fail';
    }
  }
  return attempts >= MAX_SEND_ATTEMPTS ? 'fail' : 'retry';
}

/** The provider's answer behind a failure: of the send itself, or of the Message-ID look-up before a retry. */
export function providerFailureOf(error: unknown): MailProviderError | undefined {
  if (error instanceof MailSendError) return error.failure;
  return error instanceof MailProviderError ? error : undefined;
}

/** The longest a mailbox backs off between two tries when the provider names no time. */
export const MAX_BACKOFF_MS = 30 * 60_000;

export interface BackOff {
  kind: Exclude<MailFailureKind, 'refused' | 'auth-lost'>;
  until: Date;
  /** The waiting reason shown on the send, e.g. "Gmail sending limit reached, retrying at 14:05 UTC". */
  reason: string;
}

/**
 * When the mailbox may try again: the time the provider names (Gmail's sending limit "Retry after", a
 * Retry-After header), else exponential backoff with jitter from the send's attempt count (30 s, 60 s, ...,
 * at most 30 minutes).
 */
export function backOffFor(
  error: MailProviderError,
  attempts: number,
  now: Date,
  random = Math.random,
): BackOff {
  const kind = error.kind as BackOff['kind'];
  const named = error.options.retryAt;
  const ceiling = Math.min(
    RETRY_BASE_DELAY_MS * 2 ** Math.min(Math.max(0, attempts - 1), 10),
    MAX_BACKOFF_MS,
  );
  const drawn = new Date(now.getTime() + ceiling / 2 + random() * (ceiling / 2));
  const until = named && named > now ? named : drawn;
  const provider = PROVIDER_LABELS[error.provider];
  const what =
    kind === 'sending-limit'
      ? `${provider} sending limit reached`
      : kind === 'rate-limit'
        ? `${provider} rate limit reached`
        : `${provider} did not answer`;
  return { kind, until, reason: `${what}, retrying at ${clockTime(until, now)}` };
}
