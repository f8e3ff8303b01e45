import { z } from 'zod';

export const TRACKING_DOMAIN_MESSAGES = {
  required: 'Enter a domain such as track.example.com',
  notHostname: 'Enter a host name only, such as track.example.com (no http://, no path)',
  tooFewLabels: 'Use a subdomain of a domain you own, such as track.example.com',
  appHost: "That is the app's own host: use a domain of your own",
  taken: 'That domain is already used as a tracking domain',
  mailboxTaken: 'That mailbox already has a tracking domain: remove it first',
  userTaken: 'You already have a tracking domain for all mailboxes: remove it first',
  notFound: 'Tracking domain not found',
  mailboxNotFound: 'Mailbox not found',
} as const;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Lower case, without a trailing dot; null when it is not a host name of at least two labels. */
export function normaliseTrackingDomain(value: string): string | null {
  const domain = value.trim().toLowerCase().replace(/\.$/, '');
  if (domain.length > 253) return null;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  // The top-level label is never all digits: that keeps IPv4 addresses out.
  if (/^\d+$/.test(labels.at(-1) ?? '')) return null;
  return domain;
}

/** POST /api/tracking-domains. */
export const createTrackingDomainSchema = z.object({
  domain: z
    .string({ error: TRACKING_DOMAIN_MESSAGES.required })
    .trim()
    .min(1, TRACKING_DOMAIN_MESSAGES.required)
    .max(253, TRACKING_DOMAIN_MESSAGES.notHostname)
    .refine((value) => !/[/:@?#\s]/.test(value), TRACKING_DOMAIN_MESSAGES.notHostname)
    .refine((value) => value.includes('.'), TRACKING_DOMAIN_MESSAGES.tooFewLabels)
    .refine((value) => normaliseTrackingDomain(value) !== null, TRACKING_DOMAIN_MESSAGES.notHostname)
    .transform((value) => normaliseTrackingDomain(value) as string),
  mailboxId: z.string().uuid(TRACKING_DOMAIN_MESSAGES.mailboxNotFound).nullish(),
});
export type CreateTrackingDomainInput = z.infer<typeof createTrackingDomainSchema>;

export interface TrackingDomain {
  id: string;
  domain: string;
  /** The mailbox whose emails use it; null: every mailbox without a domain of its own. */
  mailboxId: string | null;
  mailboxEmail: string | null;
  /** The record to create: `domain` CNAME `cnameTarget`. */
  cnameTarget: string;
  status: 'pending' | 'verified' | 'failed';
  checkedAt: string | null;
  verifiedAt: string | null;
  /** Why the last check failed; null when it passed or never ran. */
  lastError: string | null;
  /** True when the links of emails use this domain now (verified); otherwise the app's host is used. */
  inUse: boolean;
}

export interface TrackingDomainList {
  cnameTarget: string;
  domains: TrackingDomain[];
}
