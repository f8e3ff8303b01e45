import { type MailFailureKind, MailProviderError } from '../mailboxes/mail-provider';

/** Graph's documented error body: `{ error: { code, message, innerError: { request-id, date } } }`. */
export interface GraphErrorBody {
  error?: { code?: string; message?: string; innerError?: Record<string, unknown> };
}

/** Exchange's own refusals of a send, by Graph error code. */
const SENDING_LIMIT_CODES = new Set([
  'ErrorExceededMessageLimit',
  'ErrorQuotaExceeded',
  'ErrorMessageSubmissionBlocked',
]);
const AUTH_LOST_CODES = new Set([
  'InvalidAuthenticationToken',
  'MailboxNotEnabledForRESTAPI',
  'ErrorAccessDenied',
  'AccessDenied',
  'Authorization_RequestDenied',
]);

/** Seconds of a Retry-After header (Graph sends delta-seconds), else undefined. */
export function retryAfterMs(header: string | null): number | undefined {
  const seconds = header ? Number(header) : Number.NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

export function graphFailureKind(status: number, code: string): MailFailureKind {
  if (SENDING_LIMIT_CODES.has(code)) return 'sending-limit';
  if (status === 401 || AUTH_LOST_CODES.has(code)) return 'auth-lost';
  if (status === 429) return 'rate-limit';
  if (status >= 500) return 'transient';
  // ErrorSendAsDenied, invalid recipients or MIME, and any other 4xx: about this message, not worth retrying.
  return 'refused';
}

/** A Graph refusal as a MailProviderError, with its Retry-After as `retryAt`. */
export async function graphError(response: Response, now: Date): Promise<MailProviderError> {
  const body = (await response.json().catch(() => null)) as GraphErrorBody | null;
  const code = body?.error?.code ?? `HTTP${response.status}`;
  const message = body?.error?.message || response.statusText || 'Microsoft Graph refused the request';
  const wait = retryAfterMs(response.headers.get('retry-after'));
  const kind = graphFailureKind(response.status, code);
  const retryAt =
    wait !== undefined
      ? new Date(now.getTime() + wait)
      : kind === 'sending-limit'
        ? new Date(now.getTime() + 3600_000)
        : undefined;
  return new MailProviderError('microsoft', kind, message, { status: response.status, code, retryAt });
}
