import { type SequenceStep, STEP_TYPE_UNCHANGEABLE, type UpdateStepInput } from '@prospector/contracts';
import { sequenceSteps } from '@prospector/db';
import { eq } from 'drizzle-orm';
import { abTestChanges, syncVariantA } from '../ab-tests/ab-test-settings';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { moveQueuedSendsToTemplate } from '../engine/rerender-queued-sends';
import { findSequence } from './sequence-store';
import { checkSendTimeInFuture, checkStep, keepFieldsOfType, sentFields } from './step-rules';
import { findStep, selectSteps, toStep } from './step-store';

const TIMING_FIELDS = ['delayDays', 'sendHour', 'sendMinute'] as const;

/**
 * PATCH /api/steps/{id}: any of the step's fields; the merged step is checked as on create. The send time
 * rule applies when the edit changes the step's day or time (an unrelated edit of a step whose same-day
 * time has passed is not refused). `abTest` sets the step's A/B test (decision 020). A new template reaches
 * the step's queued emails (decision 011).
 */
export async function updateStep(
  deps: CoreDeps & { appUrl: string },
  workspaceId: string,
  id: string,
  input: UpdateStepInput,
  /** The sequence the step must belong to (a step path under a sequence); another's step is a 404. */
  inSequence?: string,
): Promise<SequenceStep> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const current = await findStep(tx, workspaceId, id, inSequence);
    const sequence = await findSequence(tx, workspaceId, current.sequenceId, { forUpdate: true });
    const { stepType, abTest, ...patch } = sentFields(input);
    if (stepType && stepType !== current.stepType)
      throw new AppError('VALIDATION_ERROR', STEP_TYPE_UNCHANGEABLE);
    const {
      id: _id,
      workspaceId: _owner,
      sequenceId,
      createdAt: _created,
      updatedAt: _updated,
      ...stored
    } = current;
    const steps = await selectSteps(tx, sequenceId);
    const values = await checkStep(tx, workspaceId, keepFieldsOfType({ ...stored, ...patch }), steps);
    if (TIMING_FIELDS.some((field) => patch[field] !== undefined && patch[field] !== current[field])) {
      checkSendTimeInFuture(now, sequence.timezone, values);
    }
    const abChanges = abTest ? await abTestChanges(tx, current, abTest, now) : {};
    const [row] = await tx
      .update(sequenceSteps)
      .set({ ...values, ...abChanges, updatedAt: now })
      .where(eq(sequenceSteps.id, id))
      .returning();
    if (values.templateId !== current.templateId) {
      await syncVariantA(tx, id, values.templateId, now);
      // The step's queued emails go out with the template it now sends.
      if (current.templateId && values.templateId) {
        await moveQueuedSendsToTemplate(deps, tx, workspaceId, {
          id,
          from: current.templateId,
          to: values.templateId,
        });
      }
    }
    return toStep(row!);
  });
}
