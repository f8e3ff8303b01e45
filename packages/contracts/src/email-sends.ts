import { z } from 'zod';
import type { LeadStatus } from './inbox';

// The Email Sending page's All Emails tab (spec sections 2, 3 and 7): GET /api/email-sends.

/**
 * Display status of a sent email (spec section 4, with what analytics also count): Bounced when it
 * bounced (it never arrived), else Reply when replied, else Unsubscribed when the recipient unsubscribed
 * (or complained) from it, else Clicked when a person clicked a tracked link, else Open when opened, else
 * Not Open.
 */
export const EMAIL_SEND_STATUSES = [
  'Reply',
  'Clicked',
  'Open',
  'Not Open',
  'Bounced',
  'Unsubscribed',
] as const;
export type SentEmailStatus = (typeof EMAIL_SEND_STATUSES)[number];

/**
 * Display status of an email that has not gone out: Scheduled (due later, or being sent), Waiting (due but
 * held, with the reason), Paused (its sequence or enrolment is paused), Failed (with the error), Cancelled
 * (its enrolment stopped).
 */
export const UNSENT_EMAIL_STATUSES = ['Scheduled', 'Waiting', 'Paused', 'Failed', 'Cancelled'] as const;
export type UnsentEmailStatus = (typeof UNSENT_EMAIL_STATUSES)[number];
export type EmailSendStatus = SentEmailStatus | UnsentEmailStatus;

/** The status filter's values; 'all' is the default. */
export const EMAIL_SEND_FILTERS = [
  'all',
  'reply',
  'clicked',
  'open',
  'not_open',
  'bounced',
  'unsubscribed',
] as const;
export type EmailSendFilter = (typeof EMAIL_SEND_FILTERS)[number];

/**
 * Which emails GET /api/email-sends lists, besides the spec's status filter: `sent` (the default) lists sent
 * emails, which `status` narrows to Reply, Open or Not Open, exactly as the spec's filter (All Statuses,
 * Reply, Open, Not Open) describes; any other state lists the emails that have not gone out in that display
 * status, and then `status` must stay `all`. The spec's API is unchanged for callers that do not pass it.
 */
export const EMAIL_SEND_STATES = ['sent', 'scheduled', 'waiting', 'paused', 'failed', 'cancelled'] as const;
export type EmailSendState = (typeof EMAIL_SEND_STATES)[number];

const blankToUndefined = (v: unknown) => (v === '' || v === 'all' || v === null ? undefined : v);
/** Accepts the filter value or the display label: "Not Open", "not-open" and "not_open" are one. */
const normalizeStatus = (v: unknown) =>
  typeof v === 'string' && v.trim() !== ''
    ? v
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_')
    : undefined;

export const emailSendsQuerySchema = z
  .object({
    status: z.preprocess(
      normalizeStatus,
      z
        .enum(EMAIL_SEND_FILTERS, {
          error: 'Status must be all, reply, clicked, open, not_open, bounced or unsubscribed',
        })
        .default('all'),
    ),
    sequenceId: z.preprocess(blankToUndefined, z.uuid('Invalid sequence id').optional()),
    state: z.preprocess(
      normalizeStatus,
      z
        .enum(EMAIL_SEND_STATES, {
          error: 'State must be sent, scheduled, waiting, paused, failed or cancelled',
        })
        .default('sent'),
    ),
  })
  .refine((query) => query.state === 'sent' || query.status === 'all', {
    message: 'Status filters sent emails only',
    path: ['status'],
  });
export type EmailSendsQuery = z.infer<typeof emailSendsQuerySchema>;

/** The display shape (spec section 3). */
export interface EmailSendRow {
  id: string;
  contactName: string;
  contactEmail: string;
  subject: string;
  sequenceName: string;
  /** The address it was (or is to be) sent from, of whichever provider; null before a mailbox is chosen or once it is removed. */
  from: string | null;
  /** The A/B variant (A, B...) the email was rendered from; null when its step has no variants. */
  variantLabel: string | null;
  status: EmailSendStatus;
  /** What the contact said, as the Inbox sorted it (interested, ...); absent when it has not. */
  leadStatus?: LeadStatus;
  /** Null for an email that has not gone out. */
  sentAt: string | null;
  /** Emails that have not gone out: when they are (or were) due. */
  scheduledFor?: string;
  /** The recipient's zone the email was timed in, when its sequence sends at local time; else null. */
  recipientTimezone: string | null;
  /** Emails that have not gone out: why one waits, why it failed, or why it was cancelled. */
  detail?: string | null;
  /** Scheduled and waiting emails: when the mailbox's pace and daily limit let it go, at the earliest. */
  expectedAt?: string | null;
  /** Failed emails: whether POST /api/email-sends/{id}/retry may send it again. */
  retryable?: boolean;
  /** The reply to this email was answered by the assistant on its own ("sent by the assistant"). */
  assistantAnswered?: boolean;
}
