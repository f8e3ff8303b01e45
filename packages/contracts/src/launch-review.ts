import type { EnrolmentSkipped } from './engine';
import type { UnreachableStep } from './step-reach';

// GET /api/sequences/{id}/launch-review (decision 026): what a launch would do now, for the dialog that
// confirms it. Each check of the sequence adds its findings to `problems`; a launch is refused while any
// problem is blocking.

/** One finding of a launch check. `blocking` ones make the launch refuse until they are fixed. */
export interface LaunchProblem {
  /** Which check found it, e.g. UNREACHABLE_STEPS. */
  code: string;
  message: string;
  blocking: boolean;
}

/** A launch check's finding when no email list is linked and nobody is enrolled: nothing can be sent. */
export const NO_EMAIL_LIST_CODE = 'NO_EMAIL_LIST';
export const NO_EMAIL_LIST_MESSAGE =
  'No email list is linked and no contact is enrolled: link an email list before starting this sequence.';
/** A launch check's finding when the linked lists give no contact to email and nobody is still enrolled. */
export const NO_CONTACTS_CODE = 'NO_CONTACTS';
export const NO_CONTACTS_MESSAGE =
  'No contact to email: the linked email lists are empty, or every contact in them is already enrolled or cannot be emailed (unsubscribed, bounced, blacklisted, invalid or in another sequence).';

/** Another of the user's sequences that holds some of the contacts, and how many. */
export interface OtherSequenceOverlap {
  id: string;
  name: string;
  contacts: number;
}

/** How long the first emails take at the mailboxes' daily limits. */
export interface LaunchEstimate {
  firstEmails: number;
  mailboxes: number;
  /** The mailboxes' daily limits added up. */
  perDay: number;
  sendingDays: number;
  /** When the last first email is expected (the first email's time plus the further sending days). */
  lastFirstEmailAt: string | null;
  timezone: string;
  /** The estimate in one line, its day in the sequence's zone (estimateSentence). */
  summary: string;
}

export interface LaunchReview {
  /** Contacts the launch would enrol now. */
  enrol: number;
  skipped: EnrolmentSkipped;
  /** Where the contacts counted in skipped.inOtherSequence are active. */
  otherSequences: OtherSequenceOverlap[];
  /** Contacts the launch would enrol with includeContactsInOtherSequences. */
  enrolIncludingOtherSequences: number;
  unreachableSteps: UnreachableStep[];
  estimate: LaunchEstimate;
  problems: LaunchProblem[];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "12 contacts are already in 'Q4 CTO outreach'". */
export const otherSequenceSentence = (other: OtherSequenceOverlap) =>
  `${plural(other.contacts, 'contact')} ${other.contacts === 1 ? 'is' : 'are'} already in '${other.name}'`;

/** "199 first emails from 1 mailbox at 40 a day: about 5 sending days, the last around Mon 30 Nov". */
export function estimateSentence(
  estimate: Omit<LaunchEstimate, 'summary'>,
  formatDay: (iso: string) => string,
): string {
  const head = `${plural(estimate.firstEmails, 'first email')} from ${plural(
    estimate.mailboxes,
    'mailbox',
  ).replace('mailboxs', 'mailboxes')} at ${estimate.perDay} a day`;
  if (estimate.firstEmails === 0 || !estimate.lastFirstEmailAt) return head;
  const days = `about ${plural(estimate.sendingDays, 'sending day')}`;
  return `${head}: ${days}, the last around ${formatDay(estimate.lastFirstEmailAt)}`;
}
