import type { SequenceStep } from '@prospector/contracts';
import { sequenceSteps } from '@prospector/db';
import { eq } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { findSequence } from './sequence-store';
import { type StepRow, selectSteps, toStep } from './step-store';

/**
 * POST /api/sequences/{id}/connect-in-order: every outcome that ends the sequence, other than a reply,
 * leads to the next step instead: a send step's not-opened and opened-without-reply outcomes, a wait or
 * add-to-list step's next step. Replies still end it; waits and outcomes that already lead somewhere are
 * kept. Answers the steps as they now are.
 */
export async function connectStepsInOrder(
  deps: CoreDeps,
  workspaceId: string,
  sequenceId: string,
): Promise<SequenceStep[]> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await findSequence(tx, workspaceId, sequenceId, { forUpdate: true });
    const steps = await selectSteps(tx, sequenceId);
    for (const [index, step] of steps.entries()) {
      const next = steps[index + 1];
      if (!next) break;
      const links = linksToNext(step, next);
      if (links) {
        await tx
          .update(sequenceSteps)
          .set({ ...links, updatedAt: now })
          .where(eq(sequenceSteps.id, step.id));
      }
    }
    return (await selectSteps(tx, sequenceId)).map(toStep);
  });
}

function linksToNext(step: StepRow, next: StepRow): Partial<StepRow> | null {
  if (step.stepType === 'send_email') {
    const links: Partial<StepRow> = {};
    if (!step.notOpenedStepId) links.notOpenedStepId = next.id;
    if (!step.openedNoReplyStepId) links.openedNoReplyStepId = next.id;
    if (step.branchOnClick && !step.clickedStepId) links.clickedStepId = next.id;
    return Object.keys(links).length > 0 ? links : null;
  }
  if (step.nextActionStepId && step.nextActionType !== 'end') return null;
  // As checkStep stores it: the next step's type, or null when it is a wait step (no value of its own).
  const nextActionType = next.stepType === 'wait' ? null : next.stepType;
  return { nextActionStepId: next.id, nextActionType };
}
