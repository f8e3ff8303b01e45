import type { EnrolmentSkipped } from '@prospector/contracts';
import { contacts, sequences } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError, type AppErrorCode } from '../app-error';
import { CONTACT_NOT_FOUND } from '../contacts/contact-store';
import type { EngineDeps } from '../engine/engine-deps';
import { enrolChosenContacts } from './enroll-contacts';
import { findSequenceEnrolment, type SequenceEnrolment } from './sequence-enrolments';
import { findSequence } from './sequence-store';

/** Why one contact was not enrolled: the code and the words of each of the launch's skip reasons. */
const REFUSALS: Record<Exclude<keyof EnrolmentSkipped, 'inOtherSequence'>, [AppErrorCode, string]> = {
  alreadyEnrolled: ['ALREADY_ENROLLED', 'This contact is already enrolled in this sequence'],
  unsubscribed: ['CONTACT_UNSUBSCRIBED', 'This contact has unsubscribed and is never emailed'],
  suppressed: ['CONTACT_SUPPRESSED', 'This contact is on your suppression list and is never emailed'],
  bounced: ['CONTACT_BOUNCED', 'An email to this contact hard bounced; it is not emailed again'],
  blacklisted: [
    'CONTACT_BLACKLISTED',
    'This contact is blacklisted (or its address cannot receive email) and is never emailed',
  ],
  overLimit: ['CONTACT_LIMIT_REACHED', 'This sequence already holds its contact limit'],
};
export const EXCLUDED_BY_LIST_CHECK =
  "This contact was taken out of this sequence by its launch's list check";

export const inOtherSequenceMessage = (name: string) =>
  `This contact is active in another sequence ("${name}"), and this sequence leaves such contacts out ` +
  '(its launch was told not to include contacts in other sequences)';

/**
 * POST /api/v1/sequences/{id}/enrolments {contactId}: enrols one contact with a launch's checks, each refusal
 * an error with its code rather than a skipped count: already enrolled, unsubscribed, suppressed, bounced,
 * blacklisted (409), missing or unknown variables in a running sequence (422, as a launch), active in
 * another sequence unless this one includes such contacts (409 IN_OTHER_SEQUENCE), or over the contact
 * limit. Through the same enrolment as the web app's (enrolChosenContacts): in a running sequence it enters
 * its first step at once; in a draft or paused one it waits for the launch or the resume.
 */
export async function enrolContact(
  deps: EngineDeps,
  workspaceId: string,
  sequenceId: string,
  contactId: string,
): Promise<SequenceEnrolment> {
  await findSequence(deps.db, workspaceId, sequenceId);
  const [contact] = await deps.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, contactId)));
  if (!contact) throw new AppError('NOT_FOUND', CONTACT_NOT_FOUND);
  const result = await enrolChosenContacts(
    deps,
    workspaceId,
    sequenceId,
    { contactIds: [contactId] },
    { otherSequences: 'as-launch' },
  );
  if (result.enrolled > 0) return findSequenceEnrolment(deps.db, workspaceId, sequenceId, contactId);
  const other = result.otherSequences[0];
  if (result.skipped.inOtherSequence > 0 && other) {
    const [row] = await deps.db
      .select({ name: sequences.name })
      .from(sequences)
      .where(and(eq(sequences.workspaceId, workspaceId), eq(sequences.id, other.id)));
    throw new AppError('IN_OTHER_SEQUENCE', inOtherSequenceMessage(row?.name ?? 'another'), undefined, {
      sequenceId: other.id,
    });
  }
  for (const [reason, [code, message]] of Object.entries(REFUSALS)) {
    if (result.skipped[reason as keyof typeof REFUSALS] > 0) throw new AppError(code, message);
  }
  throw new AppError('EXCLUDED_FROM_SEQUENCE', EXCLUDED_BY_LIST_CHECK);
}
