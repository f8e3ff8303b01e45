import { z } from 'zod';
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
  /** Active in another of the user's sequences (enrolled, not finished); left out unless asked (decision 026). */
  inOtherSequence: number;
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
  skipped.overLimit +
  skipped.inOtherSequence;

/** POST /api/sequences/{id}/launch's optional body. */
export const launchSequenceSchema = z
  .object({
    /**
     * Enrol contacts active in another of the user's sequences too (decision 026). Left out: the
     * sequence's last choice (false until a launch chooses otherwise).
     */
    includeContactsInOtherSequences: z
      .boolean({ error: 'includeContactsInOtherSequences must be true or false' })
      .optional(),
    /** Enrol only the contacts that have a value for every variable used without a fallback (decision 025). */
    skipContactsMissingValues: z
      .boolean({ error: 'skipContactsMissingValues must be true or false' })
      .optional(),
  })
  .nullish()
  .transform((value) => value ?? {});
export type LaunchSequenceInput = z.output<typeof launchSequenceSchema>;
