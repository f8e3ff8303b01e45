import type { AppErrorCode } from '@prospector/core';

/** The one place error codes become HTTP statuses. */
const STATUS_BY_CODE: Record<AppErrorCode, number> = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  INVALID_TOKEN: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  DUPLICATE_EMAIL: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  NO_SENDER: 409,
  QUOTA_EXCEEDED: 429,
  SENDER_UNAVAILABLE: 409,
  UPSTREAM_ERROR: 502,
  NOT_CONFIGURED: 503,
  UNKNOWN_VARIABLES: 422,
  MISSING_VARIABLES: 422,
  UNREACHABLE_STEPS: 422,
  NOTHING_TO_SEND: 422,
  INVALID_CUSTOM_FIELDS: 422,
  ABOVE_PROVIDER_MAXIMUM: 422,
  MAILBOX_CONNECTION_FAILED: 422,
  ALREADY_ENROLLED: 409,
  CONTACT_SUPPRESSED: 409,
  CONTACT_UNSUBSCRIBED: 409,
  CONTACT_BOUNCED: 409,
  CONTACT_BLACKLISTED: 409,
  IN_OTHER_SEQUENCE: 409,
  CONTACT_LIMIT_REACHED: 409,
  EXCLUDED_FROM_SEQUENCE: 409,
};

export function statusForCode(code: AppErrorCode): number {
  return STATUS_BY_CODE[code];
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * A slow or silent client cannot hold a connection for minutes: headers must arrive within 10 s and the whole
 * request within 30 s (a 1 MiB body over a slow link fits). The 30 s are kept per request
 * (plugins/request-deadline.ts) rather than by node's `requestTimeout`, which would cut off every upload of a
 * large CSV file. An idle keep-alive socket closes after 65 s, longer than the 60 s a load balancer or a
 * client keeps one idle, so the server never closes a socket just as a request is written on it (the client
 * then sees ECONNRESET, a balancer answers 502).
 */
export const REQUEST_DEADLINE_MS = 30_000;
export const SERVER_TIMEOUTS = {
  requestTimeout: 0,
  keepAliveTimeout: 65_000,
  http: { headersTimeout: 10_000 },
} as const;

export const MESSAGES = {
  internal: 'Internal server error',
  malformedJson: 'Malformed JSON body',
  notFound: 'Not found',
  badPath: 'Malformed URL',
  tooLarge: 'Request body is too large (the limit is 1 MiB)',
  jsonOnly: 'Requests that change data must send Content-Type: application/json',
  rateLimited: 'Too many attempts. Please wait a minute and try again.',
  notAuthenticated: 'Not authenticated',
} as const;
