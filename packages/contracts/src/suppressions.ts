import { z } from 'zod';
import { TEXT_LIMITS } from './text-limits';
import { normaliseTrackingDomain } from './tracking-domains';
import { unsubscribeDay } from './unsubscribe';

/** The values the suppressions table allows (decision 046): why an address is never emailed, and how. */
export const SUPPRESSION_REASONS = ['unsubscribe', 'complaint', 'hard-bounce', 'manual'] as const;
export const SUPPRESSION_SOURCES = [
  'page',
  'one-click',
  'reply',
  'complaint',
  'bounce',
  'user',
  'api',
] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];
export type SuppressionSource = (typeof SUPPRESSION_SOURCES)[number];
export type SuppressionKind = 'address' | 'domain';

export const SUPPRESSION_MESSAGES = {
  required: 'Enter an email address or a domain such as example.com',
  invalid: 'Enter one email address (ada@example.com) or one domain (example.com)',
  noteTooLong: 'The note is too long (at most 500 characters)',
  exists: 'This address or domain is already on your suppression list',
  notFound: 'Suppression not found',
  notYours:
    'Only an address or domain you added yourself can be lifted: this one is suppressed because of what the contact did',
} as const;

/** An address or a domain on the user's suppression list, with why and since when. */
export interface Suppression {
  id: string;
  kind: SuppressionKind;
  /** The address or domain, in lower case. */
  value: string;
  reason: SuppressionReason;
  source: SuppressionSource;
  /** The bounce's status code, or the user's note. */
  detail: string | null;
  createdAt: string;
  /** Why, in words: 'Unsubscribed on 2 Mar 2026 by the contact', 'Hard bounce', 'Complaint', 'Added by you'. */
  label: string;
  /** Only what the user added by hand can be lifted. */
  liftable: boolean;
}

export interface SuppressionListResponse {
  suppressions: Suppression[];
  total: number;
  page: number;
  limit: number;
}

/** Why a contact is never emailed, when an entry of the suppression list covers its address. */
export type ContactSuppression = Pick<
  Suppression,
  'id' | 'kind' | 'value' | 'reason' | 'source' | 'createdAt' | 'label'
>;

const HOW: Record<SuppressionSource, string> = {
  page: 'by the unsubscribe link',
  'one-click': 'by the one-click link',
  reply: 'by a reply asking so',
  complaint: 'by a complaint',
  bounce: 'by a delivery report',
  user: 'in the app',
  api: 'through the API',
};

/** The words shown for an entry, in the list and on the contact it covers. */
export function suppressionLabel(entry: { reason: SuppressionReason; createdAt: string | Date }): string {
  if (entry.reason === 'unsubscribe')
    return `Unsubscribed on ${unsubscribeDay(entry.createdAt)} by the contact`;
  if (entry.reason === 'complaint') return 'Complaint';
  if (entry.reason === 'hard-bounce') return 'Hard bounce';
  return 'Added by you';
}

/** How the entry came, in words: 'by the one-click link', 'in the app'. */
export const suppressionSourceLabel = (source: SuppressionSource) => HOW[source];

export const isLiftable = (reason: SuppressionReason) => reason === 'manual';

/**
 * An address (lower case, trimmed, as contacts' addresses are compared) or a domain (lower case, no
 * trailing dot, a leading '@' allowed), or null when it is neither.
 */
export function parseSuppressionValue(given: string): { kind: SuppressionKind; value: string } | null {
  const value = given.trim().toLowerCase();
  if (value.length === 0 || value.length > TEXT_LIMITS.email) return null;
  if (value.startsWith('@')) return parseDomain(value.slice(1));
  if (value.includes('@')) {
    return z.string().email().safeParse(value).success ? { kind: 'address', value } : null;
  }
  return parseDomain(value);
}

function parseDomain(value: string): { kind: SuppressionKind; value: string } | null {
  const domain = normaliseTrackingDomain(value);
  return domain ? { kind: 'domain', value: domain } : null;
}

/** POST /api/suppressions: one address or domain, and an optional note. */
export const addSuppressionSchema = z.object({
  value: z
    .string({ error: SUPPRESSION_MESSAGES.required })
    .trim()
    .min(1, SUPPRESSION_MESSAGES.required)
    .transform((given, ctx) => {
      const parsed = parseSuppressionValue(given);
      if (!parsed) ctx.addIssue({ code: 'custom', message: SUPPRESSION_MESSAGES.invalid });
      return parsed ?? { kind: 'address' as const, value: given };
    }),
  note: z
    .string()
    .trim()
    .max(500, SUPPRESSION_MESSAGES.noteTooLong)
    .nullish()
    .transform((note) => note || null),
});
export type AddSuppressionInput = z.output<typeof addSuppressionSchema>;

/** GET /api/suppressions?page&limit&search. */
export const suppressionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  limit: z.coerce.number().int().min(1).max(100).catch(20),
  search: z.string().trim().max(TEXT_LIMITS.email).catch('').default(''),
});
export type SuppressionListQuery = z.output<typeof suppressionListQuerySchema>;
