// Sequence analytics (GET /api/sequences/{id}/analytics) and the sending queue's health (GET /api/queue/status).

/** Enrolments of a sequence by where they are. */
export interface EnrolmentCounts {
  enrolled: number;
  active: number;
  paused: number;
  completed: number;
  replied: number;
  unsubscribed: number;
  bounced: number;
  stopped: number;
  failed: number;
}

/**
 * What the recipients of a set of sent emails did, counted as unique contacts (decision 029): a contact
 * counts once however many of the emails they opened or answered, and a reply or a click counts as an
 * open (the pixel is often blocked). Rates are fractions of `sent` (0 when nothing was sent).
 */
export interface SendFunnel {
  /** Contacts sent at least one of the emails. */
  sent: number;
  /** Contacts with at least one of the emails not bounced. */
  delivered: number;
  /** Contacts who opened (a counted open: bots and scanners excluded), clicked or replied. */
  opened: number;
  /** Contacts who clicked a link (scanners excluded). */
  clicked: number;
  replied: number;
  bounced: number;
  /** Contacts who unsubscribed or complained from one of the emails. */
  unsubscribed: number;
  openRate: number;
  clickRate: number;
  replyRate: number;
  bounceRate: number;
  /** Contacts who replied and whom the Inbox sorted as Interested; positive adds Meeting booked. */
  interested: number;
  positive: number;
  interestedRate: number;
  positiveRate: number;
}

export interface StepAnalytics extends SendFunnel {
  /** Null for the emails of steps that were deleted since. */
  stepId: string | null;
  name: string;
  order: number | null;
  /** Emails of the step waiting to go out (emails, not contacts). */
  scheduled: number;
}

/** The emails sent on one local day (the sequence's time zone) and what their recipients did since. */
export interface DayAnalytics extends SendFunnel {
  /** YYYY-MM-DD in the sequence's time zone. */
  date: string;
}

/** A rate with its Wilson 95% interval. */
export interface RateWithInterval {
  rate: number;
  low: number;
  high: number;
}

/** One A/B variant of a send step: the contacts sent its emails and what they did (the counting rule of SendFunnel). */
export interface VariantAnalytics {
  stepId: string;
  variantId: string;
  label: string;
  deleted: boolean;
  /** Enrolments given this variant. */
  assigned: number;
  sent: number;
  /** Counted opens, clicks or replies (bot and scanner opens excluded). */
  opened: number;
  clicked: number;
  replied: number;
  positiveReplied: number;
  bounced: number;
  unsubscribed: number;
  openRate: RateWithInterval;
  clickRate: RateWithInterval;
  replyRate: RateWithInterval;
  positiveReplyRate: RateWithInterval;
  bounceRate: RateWithInterval;
  unsubscribeRate: RateWithInterval;
}

/** A variant's contacts sent on one local day and those of them who replied since (the reply-rate chart). */
export interface VariantDay {
  stepId: string;
  variantId: string;
  label: string;
  date: string;
  sent: number;
  replied: number;
}

export interface SequenceAnalytics {
  sequenceId: string;
  timezone: string;
  enrolments: EnrolmentCounts;
  totals: SendFunnel & { scheduled: number };
  /** Every send_email step in order, then deleted steps' emails if any. */
  steps: StepAnalytics[];
  /** Days with at least one sent email, oldest first. */
  days: DayAnalytics[];
  /** Every variant of the steps with an A/B test, in step then label order (deleted ones too). */
  variants: VariantAnalytics[];
  /** Per variant and local day, oldest first. */
  variantDays: VariantDay[];
}

/** One pg-boss queue's jobs of the user in one state. */
export interface QueueJobCount {
  name: string;
  state: string;
  count: number;
}

export interface MailboxSendingStatus {
  accountId: string;
  email: string;
  status: string;
  /** Sends counted against the daily limit: those of the rolling 24 hours before now. */
  sentToday: number;
  dailyLimit: number;
  /** When the mailbox may send next (its gap and its limit allowing); null while paused or disconnected. */
  nextSendAt: string | null;
  pausedReason: string | null;
  /** The random gap between two of its sends, in seconds. */
  minGapSeconds: number;
  maxGapSeconds: number;
  /** Its emails scheduled or being sent (all sequences). */
  queued: number;
}

export interface QueueStatus {
  /** Jobs carrying the user's id, per queue and state; empty before the job queue is installed. */
  jobs: QueueJobCount[];
  /** Scheduled sends whose time has come, and how late the oldest of them is (null when none). */
  dueSends: number;
  oldestDueLagSeconds: number | null;
  /** Emails not yet sent, as the Email Sending page counts them: Scheduled, Waiting (held), Paused and Failed. */
  scheduledSends: number;
  waitingSends: number;
  pausedSends: number;
  failedSends: number;
  sentLastHour: number;
  sentLastDay: number;
  mailboxes: MailboxSendingStatus[];
  generatedAt: string;
}
