import { ERROR_CODES } from '@prospector/contracts';

/**
 * Every code a use case may fail with. The shared ones come from the contracts; the two below are named by
 * the brief's API but not (yet) listed there.
 */
export const APP_ERROR_CODES = {
  ...ERROR_CODES,
  invalidToken: 'INVALID_TOKEN',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  /** A link that existed but can no longer be used: an invitation expired, used or revoked. */
  gone: 'GONE',
  /** Mail path: no connected mailbox to send from. */
  noSender: 'NO_SENDER',
  /** Mail path: the mailbox's rolling 24-hour limit is used up. */
  quotaExceeded: 'QUOTA_EXCEEDED',
  /** Mail path: the mailbox's tokens were revoked or expired; it must be reconnected. */
  senderUnavailable: 'SENDER_UNAVAILABLE',
  /** An outside service (Google) answered with an error after retries. */
  upstreamError: 'UPSTREAM_ERROR',
  /** A feature whose outside service is neither configured nor sandboxed. */
  notConfigured: 'NOT_CONFIGURED',
  /** A launch whose templates use a variable that is neither built in nor a custom field (decision 025). */
  unknownVariables: 'UNKNOWN_VARIABLES',
  /** A message or launch would send a variable that is empty for some contacts and has no fallback. */
  missingVariables: 'MISSING_VARIABLES',
  /** A contact's custom fields break a limit or use a built-in variable's key (the message names it). */
  invalidCustomFields: 'INVALID_CUSTOM_FIELDS',
  /** Launch: some steps of the sequence are never reached (the body names them in `steps`). */
  unreachableSteps: 'UNREACHABLE_STEPS',
  /** Activate or launch with nothing to send: no list, no contact (the body lists the reasons in `problems`). */
  nothingToSend: 'NOTHING_TO_SEND',
  /** A mailbox's daily limit above what its provider lets it send (the body names the maximum). */
  aboveProviderMaximum: 'ABOVE_PROVIDER_MAXIMUM',
  /** An SMTP or IMAP server refused the connection or the login (the body names which, with its answer). */
  mailboxConnectionFailed: 'MAILBOX_CONNECTION_FAILED',
  /** Enrolling one contact (public API): it is already in the sequence, whatever its enrolment's state. */
  alreadyEnrolled: 'ALREADY_ENROLLED',
  /** Enrolling one contact: the suppression list covers its address, or it is marked suppressed. */
  contactSuppressed: 'CONTACT_SUPPRESSED',
  /** Enrolling one contact: it unsubscribed (or was unsubscribed). */
  contactUnsubscribed: 'CONTACT_UNSUBSCRIBED',
  /** Enrolling one contact: an email to it hard bounced. */
  contactBounced: 'CONTACT_BOUNCED',
  /** Enrolling one contact: blacklisted, or an address no email can reach (now blacklisted). */
  contactBlacklisted: 'CONTACT_BLACKLISTED',
  /** Enrolling one contact: active in another sequence, which this one leaves out (decision 026). */
  inOtherSequence: 'IN_OTHER_SEQUENCE',
  /** Enrolling one contact: the sequence holds its contact limit already. */
  contactLimitReached: 'CONTACT_LIMIT_REACHED',
  /** Enrolling one contact: the launch's list check took it out of this sequence. */
  excludedFromSequence: 'EXCLUDED_FROM_SEQUENCE',
} as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[keyof typeof APP_ERROR_CODES];

/**
 * A failure the caller is meant to see. The HTTP layer turns the code into a status and answers
 * `{ message, code }`; anything that is not an AppError is an internal error and is never shown.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  /** Every field that failed validation, for API clients (the public API's error bodies carry them). */
  readonly fields?: FieldError[];
  /** More of the answer's body, next to message and code (the launch's variables, for instance). */
  details?: Record<string, unknown>;

  constructor(code: AppErrorCode, message: string, fields?: FieldError[], details?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    if (fields) this.fields = fields;
    if (details) this.details = details;
  }
}

export interface FieldError {
  /** Dotted path of the field, e.g. `email` or `tags.0`. */
  field: string;
  message: string;
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
