/**
 * What a sender-health check of one mailbox finds: one entry per check, each with the record found, the
 * reason in words a non-engineer follows and, for a failure, the DNS record to add or change.
 */
export const HEALTH_CHECK_NAMES = ['mx', 'spf', 'dkim', 'dmarc', 'blocklist'] as const;
export type HealthCheckName = (typeof HEALTH_CHECK_NAMES)[number];

export const HEALTH_RESULTS = ['pass', 'warn', 'fail', 'unknown'] as const;
export type HealthResult = (typeof HEALTH_RESULTS)[number];

export const HEALTH_STATUSES = ['good', 'at_risk', 'failing', 'unknown'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

/** A DNS record for the user to add at their DNS host (name is the full host name, e.g. `_dmarc.example.com`). */
export interface HealthFix {
  type: 'TXT' | 'MX' | 'CNAME';
  name: string;
  value: string;
}

export interface HealthCheck {
  name: HealthCheckName;
  result: HealthResult;
  /** The record(s) found, as published; null when none was found or the lookup could not be made. */
  found: string | null;
  reason: string;
  fix: HealthFix | null;
}

export interface HealthReport {
  status: HealthStatus;
  checkedAt: Date;
  checks: HealthCheck[];
  /**
   * What the hold on a mailbox rests on: whether SPF or DKIM aligns with the From domain under its DMARC
   * record (`unknown` when it could not be told), and whether the domain or sending address is on a
   * configured blocklist (null when no zone is configured or no lookup answered).
   */
  dmarcAligned: boolean | 'unknown';
  blocklisted: boolean | null;
}

/** Who carries the mailbox's mail decides which SPF include and DKIM selectors are expected. */
export type SendingProvider = 'google' | 'microsoft' | 'smtp';

export interface SenderToCheck {
  /** The mailbox's From address; its domain is the one checked. */
  email: string;
  provider: SendingProvider;
  /** SMTP mailboxes: the address the SMTP server's connection resolved to (what a receiver sees sending). */
  sendingIp?: string | null;
  /** A message the mailbox really sent (raw RFC 5322), to read its DKIM-Signature and verify it. */
  sentMessage?: Buffer | null;
  /** The mailbox's verified tracking domain, whose links are in every email: asked of the domain blocklists too. */
  trackingDomain?: string | null;
}
