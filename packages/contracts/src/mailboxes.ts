import { z } from 'zod';
import type { SenderHealthSummary } from './sender-health';

export const MIN_GAP_ABOVE_MAX = 'The minimum gap cannot be longer than the maximum gap';
/** `provider` names whose maximum it is, in the possessive ("Gmail's own", "Microsoft's own"). */
export const dailyLimitAboveProviderMaximum = (maximum: number, provider = "Gmail's own") =>
  `Daily limit cannot be more than ${maximum}, ${provider} maximum for this mailbox`;
export const minGapBelowProviderPace = (seconds: number, provider: string) =>
  `Minimum gap cannot be shorter than ${seconds} seconds, the pace ${provider} allows this mailbox`;
/** The risk of a warmed-up mailbox, said once where it is declared. */
export const WARMED_UP_RISK =
  'Sending more than a new mailbox can bear raises the chance your mail goes to spam.';
export const dailyLimitAboveRampUp = (rampUpLimit: number) =>
  `Daily limit cannot be more than ${rampUpLimit} for this mailbox yet: new mailboxes ramp up their sending to protect their reputation`;

/** Why a Google consent did not connect a mailbox: the `error` of the return to /connection/gmail. */
export const GOOGLE_CONNECT_ERRORS: Record<string, string> = {
  missing_scopes:
    'Prospector needs permission to send and to read replies; connect again and keep both boxes ticked',
  forbidden: 'Only an admin of this workspace or above can connect Google here',
};

/** Why a Microsoft consent did not connect a mailbox: the `error` of the return to /connection/gmail?provider=microsoft. */
export const MICROSOFT_CONNECT_ERRORS: Record<string, string> = {
  forbidden: 'Only an admin of this workspace or above can connect a mailbox here',
  missing_scopes:
    'Prospector needs permission to send mail and to read replies (Mail.Send and Mail.ReadWrite); connect again and grant both, or ask your Microsoft 365 administrator to allow them',
};

/** GET /api/gmail/connect and GET /api/auth/google: where to send the browser for Google's consent. */
export interface AuthUrlResponse {
  authUrl: string;
}

export type GmailAccountStatusValue = 'connected' | 'disconnected' | 'error' | 'token_expired';

/** A send-as address of a mailbox (Gmail's settings/sendAs). */
export interface GmailAliasOption {
  sendAsEmail: string;
  displayName: string | null;
  verificationStatus: string;
  isPrimary: boolean;
  isDefault: boolean;
}

/** GET /api/gmail/accounts: one connected mailbox. Tokens never leave the server. */
export interface GmailAccount {
  id: string;
  googleUserId: string;
  email: string;
  displayName: string | null;
  scopes: string[];
  /** Who carries the mailbox's mail: the Gmail API, Microsoft Graph, or SMTP and IMAP. */
  provider: 'gmail' | 'microsoft' | 'smtp';
  status: GmailAccountStatusValue;
  accountKind: 'workspace' | 'consumer';
  /** Connected through the built-in sandbox Google: no real mail is sent. */
  sandbox: boolean;
  isDefault: boolean;
  lastUsedAt: string | null;
  createdAt: string;
  aliasOptions: GmailAliasOption[];
  sendingLimits: MailboxSendingLimits;
  /** Set when sending is paused (automatically on a high hard-bounce rate): when and why; Resume lifts it. */
  paused: { at: string; reason: string | null } | null;
  /** Emails recipients' servers refused because of the sender (policy, spam, authentication), last 30 days. */
  senderRejections: SenderRejections;
}

export interface SenderRejections {
  count: number;
  last: { at: string; status: string | null; diagnostic: string | null } | null;
}

/** How much and how fast a mailbox sends (sequence emails). */
export interface MailboxSendingLimits {
  /** The limit the user set, or null for the default. */
  dailyLimit: number | null;
  /** The limit in force: the user's, else the default. */
  effectiveDailyLimit: number;
  /** The default for the mailbox's kind and age (ramp-up); a limit the user sets cannot go above it. */
  rampUpLimit: number;
  /** Declared warmed up by the user: no ramp-up, a limit up to the provider's maximum (decision 026). */
  warmedUp: boolean;
  /** The provider's own daily maximum for this kind of mailbox (Gmail's, Microsoft's, or the SMTP ceiling). */
  providerMaximum: number;
  /**
   * What the ramp-up counts the mailbox's age from (decision 026): its oldest sent message (`sent_mail`),
   * the day it was connected when it had sent nothing before (`connection`), or null when Gmail could not
   * tell (the age then counts from the connection too).
   */
  sendingSince: string | null;
  ageFrom: 'sent_mail' | 'connection' | null;
  minGapSeconds: number;
  maxGapSeconds: number;
}

/** The longest gap between two sends a user can ask for: one day. */
export const MAX_GAP_SECONDS = 86_400;

const gapSeconds = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number of seconds`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_GAP_SECONDS, `${label} cannot be more than ${MAX_GAP_SECONDS} seconds (one day)`);

/**
 * PATCH /api/gmail/accounts/{id}: the mailbox's sending limits. Omitted fields keep their value;
 * dailyLimit null restores the default. Gaps of 0 and 0 are allowed (no spacing).
 */
const mailboxLimitsFields = z.object({
  dailyLimit: z
    .number({ message: 'Daily limit must be a number' })
    .int('Daily limit must be a whole number')
    .min(1, 'Daily limit must be at least 1')
    .nullable()
    .optional(),
  minGapSeconds: gapSeconds('Minimum gap').optional(),
  maxGapSeconds: gapSeconds('Maximum gap').optional(),
  /** The mailbox has sent for long enough: skip the ramp-up (its limit may go up to the provider's maximum). */
  warmedUp: z.boolean({ message: 'Warmed up must be true or false' }).optional(),
});
const gapsInOrder = (v: { minGapSeconds?: number; maxGapSeconds?: number }) =>
  v.minGapSeconds === undefined || v.maxGapSeconds === undefined || v.minGapSeconds <= v.maxGapSeconds;
export const mailboxLimitsSchema = mailboxLimitsFields.refine(gapsInOrder, {
  message: MIN_GAP_ABOVE_MAX,
  path: ['maxGapSeconds'],
});
export type MailboxLimitsInput = z.infer<typeof mailboxLimitsSchema>;

/**
 * PATCH /api/mailboxes/{id}, any provider: the name recipients see and the sending limits. Omitted fields
 * keep their value; an empty display name clears it.
 */
export const updateMailboxSchema = mailboxLimitsFields
  .extend({
    displayName: z
      .string({ message: 'Display name must be text' })
      .trim()
      .max(200, 'Display name cannot be longer than 200 characters')
      .nullable()
      .optional(),
  })
  .strict()
  .refine(gapsInOrder, { message: MIN_GAP_ABOVE_MAX, path: ['maxGapSeconds'] });
export type UpdateMailboxInput = z.infer<typeof updateMailboxSchema>;

/**
 * How well a mailbox can send: `ok`; `warning` when it sends but recipients' servers refused some of its
 * emails for the sender; `blocked` when its emails wait (paused, credentials lost, disconnected, an error).
 */
export interface MailboxHealth {
  level: 'ok' | 'warning' | 'blocked';
  /** Why, in the user's words; null when ok. */
  reason: string | null;
  /** The provider's last refusal, as it said it. */
  lastError: string | null;
  /** When replies and bounces were last read from it. */
  lastSyncedAt: string | null;
}

/**
 * GET /api/mailboxes: one mailbox of any provider. Every id can be a sequence's sender. `dailyLimit` is
 * the limit in force today; `sendingLimits` says where it comes from and the provider's ceiling.
 */
export interface Mailbox extends Omit<GmailAccount, 'googleUserId' | 'scopes'> {
  dailyLimit: number;
  health: MailboxHealth;
  /** The latest check of its domain's SPF, DKIM, DMARC and blocklists (GET /api/mailboxes/{id}/health). */
  senderHealth: SenderHealthSummary;
}

/** GET /api/gmail/quota: sends in the last 24 hours against the mailbox's daily limit. */
export interface GmailQuota {
  accountId: string;
  email: string;
  current: number;
  limit: number;
  remaining: number;
  /** Days since the mailbox was connected (drives the ramp-up). */
  accountAge: number;
}

/** GET /api/senders: one per send-as address of each mailbox. */
export interface Sender {
  accountId: string;
  email: string;
  displayName: string | null;
  accountEmail: string;
  isDefault: boolean;
  sandbox: boolean;
}

export const setDefaultSenderSchema = z.object({
  accountId: z.string().uuid('Select a Gmail account'),
  sendAsEmail: z.string().trim().toLowerCase().email('Invalid email address').nullish(),
});
export type SetDefaultSenderInput = z.infer<typeof setDefaultSenderSchema>;

export type QuotaLevel = 'green' | 'yellow' | 'red';

/** The daily quota bar's colour: red when the limit is reached, yellow at 80% or more, else green. */
export function quotaLevel(current: number, limit: number): QuotaLevel {
  if (limit <= 0 || current >= limit) return 'red';
  return current / limit >= 0.8 ? 'yellow' : 'green';
}

/** GET /api/sandbox/messages: what a sandbox mailbox sent, with headers and bodies, and what happened to it. */
export interface SandboxInboxMessage {
  id: string;
  threadId: string;
  mailbox: string;
  headers: { name: string; value: string }[];
  text?: string;
  html?: string;
  raw: string;
  sentAt: string;
  openedAt: string | null;
  repliedAt: string | null;
  bouncedAt: string | null;
}
