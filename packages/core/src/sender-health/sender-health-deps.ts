import { SENDER_HEALTH_MESSAGES } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import type { DnsResolver } from '../dns/resolver';
import { type CallGate, createCallGate } from '../limits/call-gate';
import type { HealthReport, SenderToCheck } from './health-report';

/** The checks of one sender's domain (SPF, DKIM, DMARC, MX, blocklists) through the app's resolver. */
export type CheckSender = (sender: SenderToCheck) => Promise<HealthReport>;

/** What checking a mailbox's sender health needs besides the database and the clock. */
export interface SenderHealthDeps extends CoreDeps {
  checkSender: CheckSender;
  /** The app's one resolver (DNS_SERVERS): an SMTP server's address is looked up through it. */
  dns: DnsResolver;
  /** Where unsubscribe links point unless a tracking domain is set: the one-click rule needs https. */
  appUrl: string;
  /** Checks under way at once in the process (each makes tens of DNS lookups, maybe an IMAP read). */
  gate: CallGate;
  limits?: Partial<typeof SENDER_HEALTH_LIMITS>;
}

export const SENDER_HEALTH_LIMITS = {
  /** The longest one check may take, from the IMAP read of Sent to the last DNS answer. */
  checkTimeoutMs: 30_000,
  /** The longest reading the copy in Sent may take. */
  sentCopyTimeoutMs: 15_000,
  /** A copy in Sent larger than this is not read (a cold email is a few kilobytes). */
  sentCopyMaxBytes: 1024 * 1024,
  /** Checks of one user's "Check again" per minute. */
  checksPerUserPerMinute: 6,
};

export const limitsOf = (deps: SenderHealthDeps) => ({ ...SENDER_HEALTH_LIMITS, ...deps.limits });

/** One gate per process: four checks at once, eight waiting, then "try again in a moment". */
export function createSenderHealthGate(): CallGate {
  return createCallGate({
    concurrency: 4,
    maxWaiting: 8,
    busyMessage: SENDER_HEALTH_MESSAGES.busy,
    retryAfterSeconds: 5,
  });
}

/** A check of one mailbox, asked when it connects: `{ userId, accountId }`. */
export const SENDER_HEALTH_CHECK_JOB = 'sender-health-check';
/** Every connected mailbox checked again, once a day. */
export const SENDER_HEALTH_RECHECK_JOB = 'sender-health-recheck';
