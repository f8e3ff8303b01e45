import { type CreateStepInput, nextSendTimeToday, type SequenceStep } from '@prospector/contracts';
import { sequenceSteps } from '@prospector/db';
import { DateTime } from 'luxon';
import type { CoreDeps } from '../deps';
import { findSequence } from './sequence-store';
import {
  checkSendTimeInFuture,
  checkStep,
  keepFieldsOfType,
  type StepValues,
  sentFields,
} from './step-rules';
import { selectSteps, toStep } from './step-store';

/**
 * POST /api/sequences/{id}/steps: appends a step. Left-out fields take the add-step form's defaults: name
 * 'Step {n}', delayDays 0 for the first step else 1, 09:00, a 48-hour reaction window, the sequence's
 * skipWeekends. A new step is last, so its pointers can only be 'End sequence' until a later step exists.
 */
export async function createStep(
  deps: CoreDeps,
  workspaceId: string,
  sequenceId: string,
  input: CreateStepInput,
): Promise<SequenceStep> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const sequence = await findSequence(tx, workspaceId, sequenceId, { forUpdate: true });
    const steps = await selectSteps(tx, sequenceId);
    const order = Math.max(0, ...steps.map((step) => step.order)) + 1;
    // A send time left out is the next valid one of today for a step sent the day it is reached, else 09:00.
    const sent = sentFields(input) as Partial<StepValues>;
    const delayDays = sent.delayDays ?? (order === 1 ? 0 : 1);
    const timeLeftOut = sent.sendHour === undefined && sent.sendMinute === undefined;
    const local = DateTime.fromJSDate(now, { zone: sequence.timezone });
    const today = timeLeftOut && delayDays === 0 ? nextSendTimeToday(local) : null;
    const defaults: StepValues = {
      stepType: input.stepType,
      name: `Step ${order}`,
      order,
      delayDays: order === 1 ? 0 : 1,
      sendHour: today?.hour ?? 9,
      sendMinute: today?.minute ?? 0,
      reactionWindowHours: 48,
      reactionWindowMinutes: 0,
      templateId: null,
      skipWeekends: sequence.skipWeekends,
      threadWithPrevious: true,
      notOpenedStepId: null,
      notOpenedWaitDays: null,
      openedNoReplyStepId: null,
      openedNoReplyWaitDays: null,
      repliedStepId: null,
      repliedWaitDays: null,
      branchOnClick: false,
      clickedStepId: null,
      clickedWaitDays: null,
      waitValue: null,
      waitUnit: null,
      nextActionType: null,
      nextActionStepId: null,
      personaId: null,
    };
    const values = await checkStep(tx, workspaceId, keepFieldsOfType({ ...defaults, ...sent }), steps);
    checkSendTimeInFuture(now, sequence.timezone, values);
    const [row] = await tx
      .insert(sequenceSteps)
      .values({ ...values, workspaceId, sequenceId, createdAt: now, updatedAt: now })
      .returning();
    return toStep(row!);
  });
}
