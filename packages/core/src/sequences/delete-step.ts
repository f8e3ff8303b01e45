import { sequenceContacts, sequenceSteps } from '@prospector/db';
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { findSequence } from './sequence-store';
import { findStep } from './step-store';

export const stepHasWaitingContacts = (n: number) =>
  `Cannot delete this step: ${n} contact${n === 1 ? ' is' : 's are'} waiting on it in this sequence. ` +
  'Delete it once they have moved on, or clone the sequence and change the copy.';

/**
 * DELETE /api/steps/{id}. Refused (409) while active or paused enrolments are at the step, since their
 * scheduled email or reaction window belongs to it. Otherwise every pointer to it becomes 'End sequence'
 * and the later steps move up one place (their order relative to each other, so every pointer's
 * "later step" rule, still holds).
 */
export async function deleteStep(
  deps: CoreDeps,
  workspaceId: string,
  id: string,
  /** The sequence the step must belong to (a step path under a sequence); another's step is a 404. */
  inSequence?: string,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const step = await findStep(tx, workspaceId, id, inSequence);
    await findSequence(tx, workspaceId, step.sequenceId, { forUpdate: true });
    const [waiting] = await tx
      .select({ n: count() })
      .from(sequenceContacts)
      .where(
        and(eq(sequenceContacts.currentStepId, id), inArray(sequenceContacts.status, ['active', 'paused'])),
      );
    if (waiting && waiting.n > 0) throw new AppError('CONFLICT', stepHasWaitingContacts(waiting.n));
    // The other pointers are cleared by their foreign keys (on delete set null); this one also names a type.
    await tx
      .update(sequenceSteps)
      .set({ nextActionType: 'end', nextActionStepId: null, updatedAt: now })
      .where(eq(sequenceSteps.nextActionStepId, id));
    await tx.delete(sequenceSteps).where(eq(sequenceSteps.id, id));
    await tx
      .update(sequenceSteps)
      .set({ order: sql`${sequenceSteps.order} - 1`, updatedAt: now })
      .where(and(eq(sequenceSteps.sequenceId, step.sequenceId), gt(sequenceSteps.order, step.order)));
  });
}
