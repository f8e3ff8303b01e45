import { apiError, type SandboxResponse } from './http';

/**
 * The failures the sandbox Gmail can be told to answer with, one per Gmail API call, each in the shape
 * Gmail documents (`code`, `message`, `status`, `errors[].reason`, `errors[].domain`).
 */
export const SANDBOX_GMAIL_FAULTS = [
  '429',
  '500',
  '502',
  '503',
  '403:rateLimitExceeded',
  '403:userRateLimitExceeded',
  '403:insufficientPermissions',
  '429:sending-limit',
  '401:invalid_grant',
] as const;
export type SandboxGmailFault = (typeof SANDBOX_GMAIL_FAULTS)[number];

/** How long the sending limit's "Retry after" lies ahead. */
export const SENDING_LIMIT_RESET_MS = 3600_000;

/**
 * The answer for a fault. `401:invalid_grant` answers 401 and revokes the mailbox's grants (done by the
 * caller), so the app's refresh then gets `invalid_grant`, as after a user revokes access.
 */
export function faultResponse(fault: string, now: Date): SandboxResponse {
  switch (fault) {
    case '429':
      return withRetryAfter(
        apiError(
          429,
          'Too many concurrent requests for user.',
          'RESOURCE_EXHAUSTED',
          'rateLimitExceeded',
          'usageLimits',
        ),
      );
    case '403:rateLimitExceeded':
      return apiError(403, 'Rate Limit Exceeded', 'PERMISSION_DENIED', 'rateLimitExceeded', 'usageLimits');
    case '403:userRateLimitExceeded':
      return apiError(
        403,
        'User Rate Limit Exceeded',
        'PERMISSION_DENIED',
        'userRateLimitExceeded',
        'usageLimits',
      );
    case '403:insufficientPermissions':
      return apiError(
        403,
        'Request had insufficient authentication scopes.',
        'PERMISSION_DENIED',
        'insufficientPermissions',
      );
    case '429:sending-limit': {
      const at = new Date(now.getTime() + SENDING_LIMIT_RESET_MS).toISOString();
      return apiError(
        429,
        `User-rate limit exceeded.  Retry after ${at} (Mail sending)`,
        'RESOURCE_EXHAUSTED',
        'rateLimitExceeded',
        'usageLimits',
      );
    }
    case '401:invalid_grant':
      return unauthenticated();
    case '500':
      return apiError(500, 'Internal error encountered.', 'INTERNAL', 'backendError');
    case '502':
      return apiError(502, 'Bad Gateway', 'UNAVAILABLE', 'backendError');
    default:
      return apiError(503, 'The service is currently unavailable.', 'UNAVAILABLE', 'backendError');
  }
}

/** Gmail's 401 (its bearer challenge added by `apiError`). */
export const unauthenticated = (): SandboxResponse =>
  apiError(
    401,
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    'UNAUTHENTICATED',
    'authError',
  );

const withRetryAfter = (response: SandboxResponse): SandboxResponse => ({
  ...response,
  headers: { ...response.headers, 'retry-after': '0' },
});
