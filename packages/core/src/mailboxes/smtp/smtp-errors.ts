import type { Clock } from '../../clock';
import { MailProviderError } from '../mail-provider';
import { MailHostRefused } from './mail-server-address';

/** What nodemailer and imapflow put on their errors (only the fields read here). */
interface MailLibraryError {
  message?: string;
  code?: string;
  responseCode?: number;
  response?: string;
  authenticationFailed?: boolean;
  serverResponseCode?: string;
  responseText?: string;
}

/** A "try later" answer comes back after this wait; SMTP replies carry no Retry-After. */
const TRY_LATER_MS = 15 * 60 * 1000;
/** A daily limit reached: the next attempt waits an hour (the provider's day is not known). */
const SENDING_LIMIT_MS = 60 * 60 * 1000;
const TRANSIENT_MS = 5 * 60 * 1000;

const asLibraryError = (error: unknown): MailLibraryError =>
  typeof error === 'object' && error !== null ? (error as MailLibraryError) : { message: String(error) };

/** The server's own words for a failure: its SMTP reply, its IMAP response text, or the socket's error. */
export function serverAnswer(error: unknown): string {
  const e = asLibraryError(error);
  const text = e.response ?? e.responseText ?? e.message ?? 'no answer';
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}

/** An SMTP reply's enhanced status code ("4.7.0") when the reply has one. */
const enhancedCode = (response: string): string | undefined =>
  /\b([245])\.(\d{1,3})\.(\d{1,3})\b/.exec(response)?.[0];

/**
 * SMTP replies as MailProviderError kinds (RFC 5321 and RFC 3463): 535 and 5.7.8 are lost credentials; 452
 * and 4.5.3 a daily or recipient limit; 421, 450, 451 and 4.7.x "try later"; other 4xx and dropped
 * connections are transient; 550, 553, 554 and other 5xx refuse this message or recipient.
 */
export function classifySmtpError(error: unknown, clock: Clock): MailProviderError {
  const e = asLibraryError(error);
  const detail = serverAnswer(error);
  const status = e.responseCode;
  const enhanced = enhancedCode(e.response ?? '');
  const after = (ms: number) => new Date(clock.now().getTime() + ms);
  const make = (kind: MailProviderError['kind'], retryAt?: Date) =>
    new MailProviderError('smtp', kind, detail, {
      ...(status ? { status } : {}),
      code: enhanced ?? e.code,
      ...(retryAt ? { retryAt } : {}),
      cause: error,
    });
  if (status === 535 || status === 534 || enhanced === '5.7.8' || (e.code === 'EAUTH' && !status))
    return make('auth-lost');
  if (status === 452 || enhanced === '4.5.3') return make('sending-limit', after(SENDING_LIMIT_MS));
  if (status === 421 || status === 450 || status === 451 || enhanced?.startsWith('4.7.'))
    return make('rate-limit', after(TRY_LATER_MS));
  if (status && status >= 400 && status < 500) return make('transient', after(TRANSIENT_MS));
  if (status && status >= 500) return make('refused');
  return make('transient', after(TRANSIENT_MS));
}

/**
 * IMAP failures: a refused login loses the credentials (AUTHENTICATIONFAILED, RFC 5530, or a NO without a
 * code); UNAVAILABLE ("temporary authentication failure") and anything else is transient.
 */
export function classifyImapError(error: unknown, clock: Clock): MailProviderError {
  const e = asLibraryError(error);
  const detail = serverAnswer(error);
  const code = e.serverResponseCode ?? e.code;
  const loginRefused =
    e.serverResponseCode === 'AUTHENTICATIONFAILED' || (e.authenticationFailed && !e.serverResponseCode);
  if (loginRefused)
    return new MailProviderError('smtp', 'auth-lost', detail, { code: 'AUTHENTICATIONFAILED', cause: error });
  return new MailProviderError('smtp', 'transient', detail, {
    ...(code ? { code } : {}),
    retryAt: new Date(clock.now().getTime() + TRANSIENT_MS),
    cause: error,
  });
}

/** A host refused by the address check is the mailbox's settings at fault, like lost credentials. */
export function asProviderError(error: unknown): unknown {
  if (error instanceof MailHostRefused) return new MailProviderError('smtp', 'auth-lost', error.message);
  return error;
}
