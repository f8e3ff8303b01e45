import { z } from 'zod';

// What happens to a sequence's emails when the mailbox they leave from is disconnected or removed.

/**
 * DELETE /api/mailboxes/{id} (and /api/gmail/accounts/{id}): Disconnect keeps the record; `permanently=true`
 * (Remove) deletes it. `newDefaultId`: when it was the default sender, the connected mailbox that becomes
 * the default (without it, the oldest other connected one).
 */
export const removeMailboxQuerySchema = z.object({
  permanently: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : v === true || v === 'true'),
    z.boolean().default(false),
  ),
  newDefaultId: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.uuid('newDefaultId must be a mailbox id').optional(),
  ),
});
export type RemoveMailboxQuery = z.input<typeof removeMailboxQuerySchema>;

export const NEW_DEFAULT_NOT_CONNECTED = 'The new default sender must be another connected mailbox';

/** Why a pinned mailbox cannot send: removed for good, or disconnected, expired or in error. */
export type StrandedMailboxState = 'removed' | 'disconnected' | 'token_expired' | 'error';

/** The enrolments of a sequence pinned to one mailbox that cannot send, and their waiting emails. */
export interface StrandedMailbox {
  /** Null when the mailbox was removed. */
  accountId: string | null;
  /** The mailbox's address, or the send-as address the enrolments had when it was removed. */
  email: string | null;
  state: StrandedMailboxState;
  /** Active or paused enrolments pinned to it. */
  enrolments: number;
  /** Of those, the ones whose thread started from it: they continue there only, or in a new thread. */
  threadedEnrolments: number;
  /** Their scheduled emails, which wait. */
  waitingEmails: number;
}

/** A connected mailbox of the sequence that stranded enrolments can move to. */
export interface MailboxTarget {
  accountId: string;
  email: string;
}

/** GET /api/sequences/{id}/stranded-mailboxes */
export interface SequenceStrandedMailboxes {
  stranded: StrandedMailbox[];
  targets: MailboxTarget[];
}

/** What to do with enrolments whose Gmail thread started from the stranded mailbox. */
export const THREAD_CHOICES = ['wait', 'new_thread'] as const;
export type ThreadChoice = (typeof THREAD_CHOICES)[number];

/** POST /api/sequences/{id}/move-mailbox */
export const moveMailboxSchema = z.object({
  fromAccountId: z.uuid('Invalid mailbox id').nullable(),
  toAccountId: z.uuid('Choose the mailbox to move the emails to'),
  threads: z.enum(THREAD_CHOICES, { error: 'Threads must be wait or new_thread' }).default('wait'),
});
export type MoveMailboxInput = z.infer<typeof moveMailboxSchema>;

export interface MoveMailboxResult {
  /** Enrolments now pinned to the new mailbox. */
  movedEnrolments: number;
  /** Scheduled emails that now leave from it. */
  movedEmails: number;
  /** Of the moved enrolments, those whose follow-ups start a new thread. */
  newThreads: number;
  /** Enrolments left on the old mailbox (threaded ones when the choice is to wait, or mid-send). */
  leftWaiting: number;
}

/** GET /api/sequences/{id}/launch-preview: what a launch would do now. */
export interface LocalTimeCoverage {
  /** Contacts whose emails go at the step's time in their own zone. */
  recipient: number;
  /** Contacts without a zone, whose emails go at the step's time in the sequence's zone. */
  fallback: number;
  /** The first of those contacts (UNZONED_LISTED), with the local time the first email would reach them at. */
  withoutZone: UnzonedContact[];
}

/** How many contacts without a zone the launch review names. */
export const UNZONED_LISTED = 50;

/** A contact timed in the sequence's zone for want of one of its own. */
export interface UnzonedContact {
  id: string;
  email: string;
  name: string | null;
  /** The place it carries ("Texas, United States"), or null when it carries none. */
  place: string | null;
  /**
   * The first email's local time there, across the zones of its country ("03:21", or the earliest and
   * latest when they differ); null when the place tells no country or no first email is due.
   */
  localTime: { earliest: string; latest: string } | null;
}

export interface LaunchPreview {
  /** Contacts of the linked lists a launch would enrol now. */
  newContacts: number;
  /** Contacts skipped (already enrolled, unsubscribed, bounced, blacklisted, over the limit). */
  skipped: number;
  /** When the first email would be due, in UTC; null when no step sends. */
  firstSendAt: string | null;
  timezone: string;
  /** When the sequence sends at each recipient's local time: who has a zone, who gets the sequence's. */
  localTime: LocalTimeCoverage | null;
  /** The mailbox the first emails leave from and its pace, when there is one. */
  mailbox: { email: string; minGapSeconds: number; maxGapSeconds: number } | null;
}

/** GET /api/sequences/{id}/schedule: emails due in each of the next 24 hours (hour: its start, UTC). */
export interface SendsPerHour {
  hours: { hour: string; sends: number }[];
}
