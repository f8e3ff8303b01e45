import { z } from 'zod';

// Checks before launch (decision 036): the email check of a template and the list check of a sequence.

/**
 * POST /api/templates/{id}/check: the contact to render for (else a contact of the user's, else sample
 * values), and the sequence whose tracking switches apply (else the defaults: pixel on, links as written).
 */
export const checkEmailInputSchema = z
  .object({
    contactId: z.uuid('contactId must be a contact id').optional(),
    sequenceId: z.uuid('sequenceId must be a sequence id').optional(),
  })
  .strict();
export type CheckEmailInput = z.infer<typeof checkEmailInputSchema>;

export interface SpamCheckReason {
  rule: string;
  score: number;
  description: string;
  /** The rule fires because of the open-tracking pixel (the email's only image); without it, it would not. */
  openPixel?: boolean;
}

export interface EmailCheckResult {
  score: number;
  engine: 'spamassassin' | 'built-in';
  reasons: SpamCheckReason[];
  /** Whom the email was rendered for: the given contact, the user's first contact, or made-up values. */
  renderedFor: { source: 'contact' | 'first-contact' | 'sample-values'; email: string };
  /** The score at and above which SpamAssassin calls an email spam; the badge's "bad". */
  spamThreshold: number;
}

/** Scores at or below this are "good"; up to SPAM_THRESHOLD "risky"; above it "bad". */
export const GOOD_SCORE = 2;
/** SpamAssassin's own default required_score. */
export const SPAM_THRESHOLD = 5;

export type SpamVerdict = 'good' | 'risky' | 'bad';
export const spamVerdict = (score: number): SpamVerdict =>
  score <= GOOD_SCORE ? 'good' : score < SPAM_THRESHOLD ? 'risky' : 'bad';

/** Why the list check flags an address; each can be excluded from the launch in one click. */
export const LIST_CHECK_REASONS = ['noMx', 'disposable', 'role', 'catchAll'] as const;
export type ListCheckReason = (typeof LIST_CHECK_REASONS)[number];

export const LIST_CHECK_REASON_TEXT: Record<ListCheckReason, string> = {
  noMx: 'domain takes no mail (no MX record)',
  disposable: 'disposable address',
  role: 'role address',
  catchAll: 'catch-all domain',
};

export interface ListCheckAddress {
  contactId: string;
  email: string;
}

/** How many addresses of each reason are listed; the counts are always whole. */
export const LIST_CHECK_ADDRESSES_SHOWN = 100;

export interface ListCheckResult {
  /** Contacts the launch would consider: the linked lists' emailable members not enrolled yet. */
  total: number;
  noMx: number;
  disposable: number;
  role: number;
  /** Never guessed by probing: no record of ours tells a catch-all domain yet, so always 0 (decision 036). */
  catchAll: number;
  /** Whose domain's DNS did not answer (timeout, SERVFAIL): "could not check", not counted as no MX. */
  unknown: number;
  /** Checked and flagged for no reason (an address that could not be checked is not counted). */
  ok: number;
  addresses: Record<ListCheckReason | 'unknown', ListCheckAddress[]>;
  /** Contacts already excluded from this sequence by reason, with the addresses (up to the shown limit). */
  excluded: { reason: ListCheckReason; contacts: number; addresses: ListCheckAddress[] }[];
  /** Domains looked up for a mail server (at most a limit per check; none when the resolver is not trusted). */
  domains: number;
  /**
   * Why addresses are "could not check" beyond a domain that did not answer: the DNS resolver denied a
   * domain that must take mail (so none of its answers is trusted), or the list has more domains than one
   * check looks up. Null otherwise.
   */
  unknownReason: string | null;
  tookMs: number;
}

export const listCheckExcludeSchema = z
  .object({
    reason: z.enum(LIST_CHECK_REASONS, { message: `reason must be one of ${LIST_CHECK_REASONS.join(', ')}` }),
  })
  .strict();
export type ListCheckExcludeInput = z.infer<typeof listCheckExcludeSchema>;

export interface ListCheckExcludeResult {
  reason: ListCheckReason;
  /** Contacts now excluded (exclude) or put back (include). */
  contacts: number;
}
