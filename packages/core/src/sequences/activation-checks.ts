import { SELECT_TEMPLATE_MESSAGE, stepRequirementProblem } from '@prospector/contracts';
import { type AppDb, sequenceSteps, sequences, templates } from '@prospector/db';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import { SEQUENCE_NOT_FOUND } from './enroll-contacts';
import { COMPLETED_IS_FINAL } from './sequence-status';

export const NO_STEPS_TO_ACTIVATE = 'Add at least one step before activating this sequence';

/**
 * Throws the reason a sequence cannot start running (activate or launch): it is not the user's (404), it is
 * completed (a 409), it has no steps, or a step misses what its type needs (a send_email step without a template,
 * including one whose template was deleted). Pass a transaction to check inside it.
 */
export async function assertSequenceActivatable(
  db: AppDb,
  workspaceId: string,
  sequenceId: string,
): Promise<void> {
  const [sequence] = await db
    .select({ status: sequences.status })
    .from(sequences)
    .where(and(eq(sequences.workspaceId, workspaceId), eq(sequences.id, sequenceId)));
  if (!sequence) throw new AppError('NOT_FOUND', SEQUENCE_NOT_FOUND);
  if (sequence.status === 'completed') throw new AppError('CONFLICT', COMPLETED_IS_FINAL);
  const steps = await db
    .select({
      name: sequenceSteps.name,
      stepType: sequenceSteps.stepType,
      templateId: templates.id,
      waitValue: sequenceSteps.waitValue,
      waitUnit: sequenceSteps.waitUnit,
      personaId: sequenceSteps.personaId,
    })
    .from(sequenceSteps)
    // Only a template of the same user counts; a deleted one already reads as null.
    .leftJoin(
      templates,
      and(eq(templates.id, sequenceSteps.templateId), eq(templates.workspaceId, workspaceId)),
    )
    .where(eq(sequenceSteps.sequenceId, sequenceId))
    .orderBy(asc(sequenceSteps.order));
  if (steps.length === 0) throw new AppError('VALIDATION_ERROR', NO_STEPS_TO_ACTIVATE);
  for (const step of steps) {
    const problem = stepRequirementProblem(step);
    if (problem) {
      const reason = problem.message === SELECT_TEMPLATE_MESSAGE ? 'has no email template' : 'is incomplete';
      throw new AppError('VALIDATION_ERROR', `Step "${step.name}" ${reason}: ${problem.message}`);
    }
  }
}
