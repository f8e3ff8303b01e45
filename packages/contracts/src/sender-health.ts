import { z } from 'zod';

/*
 * GET /api/mailboxes/{id}/health and POST /api/mailboxes/{id}/health/check: the latest sender-health check
 * of a mailbox's domain (SPF, DKIM, DMARC, MX, blocklists), the hold that rests on it, and the bulk-sender
 * rules of Gmail and Yahoo ticked or not.
 */

export const SENDER_HEALTH_STATUSES = ['good', 'at_risk', 'failing', 'unknown'] as const;
export type SenderHealthStatus = (typeof SENDER_HEALTH_STATUSES)[number];

export const senderHealthCheckSchema = z.object({
  name: z.enum(['mx', 'spf', 'dkim', 'dmarc', 'blocklist']),
  result: z.enum(['pass', 'warn', 'fail', 'unknown']),
  /** The record(s) found, as published; null when none was found or the lookup could not be made. */
  found: z.string().nullable(),
  reason: z.string(),
  /** The DNS record to add or change at the DNS host; null when nothing is to be done. */
  fix: z.object({ type: z.enum(['TXT', 'MX', 'CNAME']), name: z.string(), value: z.string() }).nullable(),
});
export type SenderHealthCheck = z.infer<typeof senderHealthCheckSchema>;

export const SENDING_RULE_KEYS = [
  'spf',
  'dkim',
  'dmarc',
  'alignment',
  'one_click_unsubscribe',
  'complaint_rate',
] as const;

/** One requirement of Gmail's and Yahoo's bulk senders, met or not for this mailbox, and why. */
export const sendingRuleSchema = z.object({
  key: z.enum(SENDING_RULE_KEYS),
  label: z.string(),
  met: z.boolean(),
  detail: z.string(),
});
export type SendingRule = z.infer<typeof sendingRuleSchema>;

/** The providers' own pages of the rules. */
export const SENDING_RULE_LINKS = [
  { provider: 'Gmail', url: 'https://support.google.com/a/answer/81126' },
  { provider: 'Yahoo', url: 'https://senders.yahooinc.com/best-practices/' },
] as const;

/** Gmail's and Yahoo's limit on the share of emails reported as spam. */
export const MAX_SPAM_COMPLAINT_RATE = 0.003;

export const senderHealthHoldSchema = z.object({
  /** Sending is paused for the health of the domain (not for bounces or by the user). */
  held: z.boolean(),
  /** The user chose to send despite the finding; kept until the finding changes. */
  overriddenAt: z.string().nullable(),
});

export const senderHealthSchema = z.object({
  status: z.enum(SENDER_HEALTH_STATUSES),
  /** Null when the mailbox was never checked (status `unknown`). */
  checkedAt: z.string().nullable(),
  checks: z.array(senderHealthCheckSchema),
  /** The domain checked (the part of the address after @). */
  domain: z.string(),
  /** The domain is Google's or Microsoft's own (gmail.com, outlook.com): they authenticate its mail. */
  providerDomain: z.boolean(),
  hold: senderHealthHoldSchema,
  rules: z.array(sendingRuleSchema),
});
export type SenderHealth = z.infer<typeof senderHealthSchema>;

/** The short state on a mailbox card. */
export interface SenderHealthSummary {
  status: SenderHealthStatus;
  checkedAt: string | null;
  held: boolean;
}

/** How each status reads on a badge. */
export const SENDER_HEALTH_LABELS: Record<SenderHealthStatus, string> = {
  good: 'Good',
  at_risk: 'At risk',
  failing: 'Failing',
  unknown: 'Not checked',
};

export const SENDER_HEALTH_MESSAGES = {
  busy: 'Too many sender checks are running; try again in a moment',
  rateLimited: 'Sender health was checked too often; wait a minute before checking again',
} as const;
