import type { WorkflowStep, WorkflowStepValues } from '@prospector/contracts';
import { personas, workflowStepEmailLists, workflowSteps } from '@prospector/db';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { PERSONA_NOT_FOUND } from '../personas/persona-store';
import { findWorkflow } from './workflow-store';

/** POST /api/workflows/{id}/steps: an add_to_email_list step over the user's own lists. */
export async function createWorkflowStep(
  deps: CoreDeps,
  workspaceId: string,
  workflowId: string,
  input: WorkflowStepValues,
): Promise<WorkflowStep> {
  await findWorkflow(deps.db, workspaceId, workflowId);
  const owned = await deps.db
    .select({ id: personas.id })
    .from(personas)
    .where(and(eq(personas.workspaceId, workspaceId), inArray(personas.id, input.emailListIds)));
  if (owned.length !== input.emailListIds.length) throw new AppError('NOT_FOUND', PERSONA_NOT_FOUND);

  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [step] = await tx
      .insert(workflowSteps)
      .values({
        workspaceId,
        workflowId,
        order: input.order,
        stepType: input.stepType,
        name: input.name,
        createdAt: now,
      })
      .returning();
    if (!step) throw new Error('insert returned no row');
    await tx.insert(workflowStepEmailLists).values(
      input.emailListIds.map((personaId) => ({
        workflowStepId: step.id,
        personaId,
        workspaceId,
        createdAt: now,
      })),
    );
    return {
      id: step.id,
      workflowId,
      order: step.order,
      stepType: step.stepType,
      name: step.name ?? '',
      emailListIds: input.emailListIds,
    };
  });
}
