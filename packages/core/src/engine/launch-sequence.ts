import type { LaunchedSequence, LaunchSequenceInput, LaunchSequenceResult } from '@prospector/contracts';
import { sequences } from '@prospector/db';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import { assertLaunchVariables } from '../personalisation/check-launch-variables';
import { replaceLaunchSkips } from '../personalisation/launch-skips';
import { assertSequenceActivatable } from '../sequences/activation-checks';
import { SEQUENCE_NOT_FOUND } from '../sequences/enroll-contacts';
import { assertStepsReachable } from '../sequences/reachable-steps';
import { recordSequenceActivity } from '../sequences/sequence-activity';
import type { Actor } from '../workspaces/actor';
import { type EngineDeps, requestEngineRound } from './engine-deps';
import { enrolInSequence, refreshEnrolmentStatistics } from './enrol-in-sequence';
import { sequenceMailboxes } from './sender-pinning';
import { nothingToSendProblem, refuseNothingToSend } from './something-to-send';
import { enterDueEnrolments } from './tick';

export const NO_SENDER_TO_LAUNCH = 'Connect a Gmail account before launching this sequence';

/**
 * POST /api/sequences/{id}/launch (engine rule 1): after the activation checks and a sender check, the
 * sequence runs, every contact of its linked email lists not yet in it is enrolled (skipped by reason, up
 * to the contact limit), and the enrolments that have not started enter their first step now. Launching
 * again only enrolls new list members. A step no outcome leads to refuses the launch (422 UNREACHABLE_STEPS),
 * and so does a launch with nothing to send: no list and nobody enrolled, or no contact to email (422
 * NOTHING_TO_SEND);
 * contacts active in another of the user's sequences are left out unless the input includes them, and the
 * choice is kept for the contacts enrolled automatically later (decision 026). Contacts left out for a
 * missing value are recorded with the reason, replacing the previous launch's record (decision 025).
 */
export async function launchSequence(
  deps: EngineDeps,
  workspaceId: string,
  actor: Actor,
  sequenceId: string,
  input: LaunchSequenceInput = {},
): Promise<LaunchSequenceResult> {
  await assertSequenceActivatable(deps.db, workspaceId, sequenceId);
  await assertStepsReachable(deps.db, sequenceId);
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const [sequence] = await tx
      .select()
      .from(sequences)
      .where(and(eq(sequences.workspaceId, workspaceId), eq(sequences.id, sequenceId)))
      .for('update');
    if (!sequence) throw new AppError('NOT_FOUND', SEQUENCE_NOT_FOUND);
    if (!(await sequenceMailboxes(tx, sequence)).some((mailbox) => mailbox.connected)) {
      throw new AppError('VALIDATION_ERROR', NO_SENDER_TO_LAUNCH);
    }
    const source = { linkedLists: true } as const;
    const variables = await assertLaunchVariables(tx, {
      workspaceId,
      sequenceId,
      source,
      skipContactsMissingValues: input.skipContactsMissingValues,
    });
    await replaceLaunchSkips(tx, { workspaceId, sequenceId, source, names: variables.names, now });
    const includeOthers = input.includeContactsInOtherSequences ?? sequence.includeContactsInOtherSequences;
    await tx
      .update(sequences)
      .set({
        status: 'running',
        launchedAt: sql`coalesce(${sequences.launchedAt}, ${now.toISOString()}::timestamptz)`,
        includeContactsInOtherSequences: includeOthers,
        // This launch enrols every member; the worker need not look again until new ones join.
        newMembersPending: false,
        updatedAt: now,
      })
      .where(eq(sequences.id, sequenceId));
    const enrolment = await enrolInSequence(tx, {
      workspaceId,
      sequenceId,
      contactLimit: sequence.contactLimit,
      source,
      now,
      only: variables.keep,
      includeContactsInOtherSequences: includeOthers,
    });
    // Never running with nothing to send: the enrolment is rolled back with the status.
    const nothing = await nothingToSendProblem(tx, workspaceId, sequenceId, enrolment.enrolled);
    if (nothing) refuseNothingToSend(nothing);
    await recordSequenceActivity(tx, now, actor, sequence, 'sequence.launched');
    return { ...enrolment, ...(variables.keep && { skippedMissingValues: variables.skipped }) };
  });
  await refreshEnrolmentStatistics(deps.db, result.enrolled);
  await enterDueEnrolments(deps, { sequenceId });
  await requestEngineRound(deps);
  // Which other sequences held contacts back is for the launch review; the launch answers counts.
  const { otherSequences: _otherSequences, ...answer } = result;
  return { ...answer, sequence: await launchedSequence(deps, sequenceId) };
}

async function launchedSequence(deps: EngineDeps, sequenceId: string): Promise<LaunchedSequence> {
  const [row] = await deps.db.select().from(sequences).where(eq(sequences.id, sequenceId));
  if (!row) throw new AppError('NOT_FOUND', SEQUENCE_NOT_FOUND);
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    launchedAt: row.launchedAt?.toISOString() ?? null,
    totalContacts: row.totalContacts,
  };
}
