import { SENDER_HEALTH_MESSAGES } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import type { DnsResolver } from '../dns/resolver';
import { type CallGate, createCallGate } from '../limits/call-gate';
import { checkSenderHealth } from './check-sender-health';
import type { HealthReport, SenderToCheck } from './health-report';

/** The checks of one sender's domain (SPF, DKIM, DMARC, MX, blocklists) through the app's resolver. */
export type CheckSender = (sender: SenderToCheck) => Promise<HealthReport>;

/**
 * What checking a mailbox's sender health needs besides the database and the clock: `senderHealth` (the
 * app's resolver and DNSBL_ZONES) and, when a test gives its own, the checks themselves.
 */
export interface MailboxHealthDeps extends CoreDeps {
  checkSender?: CheckSender;
  /** Where unsubscribe links point unless a tracking domain is set: the one-click rule needs https. */
  appUrl: string;
  /** Checks under way at once in the process (each makes tens of DNS lookups, maybe an IMAP read). */
  gate: CallGate;
  limits?: Partial<typeof MAILBOX_HEALTH_LIMITS>;
}

export const MAILBOX_HEALTH_LIMITS = {
  /** The longest one check may take, from the IMAP read of Sent to the last DNS answer. */
  checkTimeoutMs: 30_000,
  /** The longest reading the copy in Sent may take. */
  sentCopyTimeoutMs: 15_000,
  /** A copy in Sent larger than this is not read (a cold email is a few kilobytes). */
  sentCopyMaxBytes: 1024 * 1024,
  /** Checks of one user's "Check again" per minute. */
  checksPerUserPerMinute: 6,
};

export const limitsOf = (deps: MailboxHealthDeps) => ({ ...MAILBOX_HEALTH_LIMITS, ...deps.limits });

/** One gate per process: four checks at once, eight waiting, then "try again in a moment". */
export function createSenderHealthGate(): CallGate {
  return createCallGate({
    concurrency: 4,
    maxWaiting: 8,
    busyMessage: SENDER_HEALTH_MESSAGES.busy,
    retryAfterSeconds: 5,
  });
}

/** A check of one mailbox, asked when it connects: `{ workspaceId, accountId }`. */
export const MAILBOX_HEALTH_CHECK_JOB = 'sender-health-check';
/** Every connected mailbox checked again, once a day. */
export const MAILBOX_HEALTH_RECHECK_JOB = 'sender-health-recheck';

/** The app's resolver (DNS_SERVERS): the checks' lookups and an SMTP server's address go through it. */
export function resolverOf(deps: MailboxHealthDeps): DnsResolver {
  if (!deps.senderHealth) throw new Error('Sender health needs the DNS resolver (CoreDeps.senderHealth)');
  return deps.senderHealth.dns;
}

/** The checks the deps give, else the app's: checkSenderHealth on its resolver and blocklists. */
export function checksOf(deps: MailboxHealthDeps): CheckSender {
  if (deps.checkSender) return deps.checkSender;
  const settings = deps.senderHealth;
  return (sender) =>
    checkSenderHealth(sender, {
      dns: resolverOf(deps),
      clock: deps.clock,
      dnsblZones: settings?.dnsblZones ?? [],
    });
}
