import { sequences } from '@prospector/db';
import { and, asc, eq } from 'drizzle-orm';
import type { EngineDeps } from './engine-deps';
import { enrolInSequence, refreshEnrolmentStatistics } from './enrol-in-sequence';

/** Sequences one round enrols new list members for; the next round takes any others. */
const SEQUENCES_PER_ROUND = 50;

/**
 * Decision 021: enrols the new members of the linked lists of every running sequence that enrols new
 * contacts automatically and was told it has some (`new_members_pending`, set by a trigger on list
 * membership and on linking a list, whatever door the contacts came in by). Each sequence is worked in one
 * transaction that locks its row (SKIP LOCKED: another worker, or a launch, is on it), enrols under the
 * launch's rules (its choice about contacts in other sequences included) and clears the flag; a change
 * still being written when the flag is cleared sets it again when it commits. A paused sequence keeps its
 * flag and enrols when it runs again. The new enrolments are due now, so the round's tick enters them.
 * Returns how many contacts were enrolled.
 */
export async function enrolNewListMembers(deps: EngineDeps): Promise<number> {
  let total = 0;
  for (let taken = 0; taken < SEQUENCES_PER_ROUND; taken++) {
    const result = await enrolOneSequence(deps);
    if (result === null) break;
    await refreshEnrolmentStatistics(deps.db, result);
    total += result;
  }
  return total;
}

async function enrolOneSequence(deps: EngineDeps): Promise<number | null> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [sequence] = await tx
      .select()
      .from(sequences)
      .where(
        and(
          eq(sequences.newMembersPending, true),
          eq(sequences.status, 'running'),
          eq(sequences.autoEnrollNewContacts, true),
        ),
      )
      .orderBy(asc(sequences.updatedAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!sequence) return null;
    const result = await enrolInSequence(tx, {
      workspaceId: sequence.workspaceId,
      sequenceId: sequence.id,
      contactLimit: sequence.contactLimit,
      source: { linkedLists: true },
      now,
      includeContactsInOtherSequences: sequence.includeContactsInOtherSequences,
    });
    await tx.update(sequences).set({ newMembersPending: false }).where(eq(sequences.id, sequence.id));
    return result.enrolled;
  });
}
