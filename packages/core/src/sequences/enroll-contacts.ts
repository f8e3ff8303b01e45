import type { EnrollContactsInput, EnrolmentResult } from '@prospector/contracts';
import { sequences } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import { type EngineDeps, requestEngineRound } from '../engine/engine-deps';
import {
  type EnrolInSequenceResult,
  enrolInSequence,
  refreshEnrolmentStatistics,
} from '../engine/enrol-in-sequence';
import { enterDueEnrolments } from '../engine/tick';
import { assertLaunchVariables } from '../personalisation/check-launch-variables';

export const SEQUENCE_NOT_FOUND = 'Sequence not found';

/**
 * POST /api/sequences/{id}/contacts {contactIds}: enrolls the user's contacts in the sequence, skipping
 * them by reason (already enrolled, unsubscribed, suppressed, hard bounced, blacklisted, over the contact
 * limit); contacts active in another sequence are enrolled too, as they were picked by hand. In a running sequence the new enrolments enter their first step at once; in a draft or paused
 * one they wait until it is launched or activated.
 */
export async function enrollContacts(
  deps: EngineDeps,
  workspaceId: string,
  sequenceId: string,
  input: EnrollContactsInput,
): Promise<EnrolmentResult> {
  // Contacts picked by hand are a deliberate choice, even when another sequence has them.
  const result = await enrolChosenContacts(deps, workspaceId, sequenceId, input, {
    otherSequences: 'include',
  });
  return { enrolled: result.enrolled, skipped: result.skipped };
}

/**
 * The one path that enrols contacts chosen by id: in one transaction holding the sequence row, the variable
 * check of a launch when the sequence runs, then the enrolment; once committed, a running sequence's new
 * enrolments enter their first step at once (engine rule 1, decision 011). `otherSequences: 'as-launch'`
 * leaves out contacts active in another sequence unless the sequence takes them (its launch's choice).
 */
export async function enrolChosenContacts(
  deps: EngineDeps,
  workspaceId: string,
  sequenceId: string,
  input: EnrollContactsInput,
  options: { otherSequences: 'include' | 'as-launch' },
): Promise<EnrolInSequenceResult> {
  const now = deps.clock.now();
  const { result, running } = await deps.db.transaction(async (tx) => {
    const [sequence] = await tx
      .select({
        id: sequences.id,
        status: sequences.status,
        contactLimit: sequences.contactLimit,
        includeOthers: sequences.includeContactsInOtherSequences,
      })
      .from(sequences)
      .where(and(eq(sequences.workspaceId, workspaceId), eq(sequences.id, sequenceId)))
      .for('update');
    if (!sequence) throw new AppError('NOT_FOUND', SEQUENCE_NOT_FOUND);
    const source = { contactIds: [...new Set(input.contactIds)] };
    // A running sequence sends at once: its variables are checked as a launch checks them.
    const variables =
      sequence.status === 'running'
        ? await assertLaunchVariables(tx, { workspaceId, sequenceId, source, ...input })
        : { keep: null };
    const enrolment = await enrolInSequence(tx, {
      workspaceId,
      sequenceId,
      contactLimit: sequence.contactLimit,
      source,
      now,
      only: variables.keep,
      includeContactsInOtherSequences: options.otherSequences === 'include' || sequence.includeOthers,
    });
    return { result: enrolment, running: sequence.status === 'running' };
  });
  if (running && result.enrolled > 0) {
    await refreshEnrolmentStatistics(deps.db, result.enrolled);
    await enterDueEnrolments(deps, { sequenceId });
    await requestEngineRound(deps);
  }
  return result;
}
