/** Why contacts were not enrolled in a sequence, counted per reason. */
export interface EnrolmentSkipped {
  alreadyEnrolled: number;
  unsubscribed: number;
  suppressed: number;
  bounced: number;
  /** Tagged blacklist, or an invalid or disposable address (which gets the tag now). */
  blacklisted: number;
  /** Beyond the sequence's contact limit (total enrolled). */
  overLimit: number;
}

/** POST /api/sequences/{id}/contacts, and the enrolment part of a launch. */
export interface EnrolmentResult {
  enrolled: number;
  skipped: EnrolmentSkipped;
}

/** The tag a blacklisted contact carries. */
export const BLACKLIST_TAG = 'blacklist';

/** POST /api/sequences/{id}/launch: the enrolment counts and the sequence as it now is (running). */
export interface LaunchSequenceResult<TSequence = LaunchedSequence> extends EnrolmentResult {
  sequence: TSequence;
  /** Contacts left out for a variable without a value ({"skipContactsMissingValues": true}). */
  skippedMissingValues?: number;
}

/** The fields of the launched sequence every caller can rely on. */
export interface LaunchedSequence {
  id: string;
  name: string;
  status: string;
  launchedAt: string | null;
  totalContacts: number;
}

/** The total of all skip reasons, for a one-line summary. */
export const totalSkipped = (skipped: EnrolmentSkipped) =>
  skipped.alreadyEnrolled +
  skipped.unsubscribed +
  skipped.suppressed +
  skipped.bounced +
  skipped.blacklisted +
  skipped.overLimit;
