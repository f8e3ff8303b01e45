import type { SandboxResponse } from '../google/http';
import { graphError } from './graph-http';

/**
 * The failures the sandbox Microsoft can be told to answer with, one per Graph call, as Microsoft
 * documents them: throttling (429 with Retry-After, 503), a server error, Exchange's own sending refusals,
 * a mailbox Graph cannot reach, and a consent taken back (`401:invalid_grant`: every grant of the mailbox
 * is revoked, so the app's next refresh gets AADSTS70008 invalid_grant).
 */
export const SANDBOX_GRAPH_FAULTS = [
  '429',
  '503',
  '500',
  'ErrorExceededMessageLimit',
  'ErrorSendAsDenied',
  'MailboxNotEnabledForRESTAPI',
  '401:invalid_grant',
] as const;
export type SandboxGraphFault = (typeof SANDBOX_GRAPH_FAULTS)[number];

/** Seconds a throttled call is told to wait. */
export const THROTTLE_RETRY_AFTER_S = 2;

export function graphFaultResponse(fault: string, now: Date): SandboxResponse {
  const retryAfter = { 'retry-after': String(THROTTLE_RETRY_AFTER_S) };
  switch (fault) {
    case '429':
      return graphError(
        429,
        'ApplicationThrottled',
        'Application is over its MailboxConcurrency limit.',
        now,
        retryAfter,
      );
    case '503':
      return graphError(
        503,
        'ServiceUnavailable',
        'The service is temporarily unavailable.',
        now,
        retryAfter,
      );
    case 'ErrorExceededMessageLimit':
      return graphError(
        403,
        'ErrorExceededMessageLimit',
        'Cannot send message: the sending quota of this mailbox has been exceeded.',
        now,
      );
    case 'ErrorSendAsDenied':
      return graphError(
        403,
        'ErrorSendAsDenied',
        'The user account which was used to submit this request does not have the right to send mail on behalf of the specified sending account.',
        now,
      );
    case 'MailboxNotEnabledForRESTAPI':
      return graphError(
        404,
        'MailboxNotEnabledForRESTAPI',
        'The mailbox is either inactive, soft-deleted, or is hosted on-premise.',
        now,
      );
    case '401:invalid_grant':
      return graphError(
        401,
        'InvalidAuthenticationToken',
        'Access token has expired or is not yet valid.',
        now,
      );
    default:
      return graphError(500, 'UnknownError', '', now);
  }
}
