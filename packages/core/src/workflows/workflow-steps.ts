import type { WorkflowStep } from '@prospector/contracts';
import { type AppDb, workflowStepEmailLists, workflowSteps } from '@prospector/db';
import { and, asc, eq, inArray } from 'drizzle-orm';

/** The workflow's steps with the email lists each fills, in order. */
export async function loadWorkflowSteps(
  db: AppDb,
  workspaceId: string,
  workflowId: string,
): Promise<WorkflowStep[]> {
  const steps = await db
    .select()
    .from(workflowSteps)
    .where(and(eq(workflowSteps.workspaceId, workspaceId), eq(workflowSteps.workflowId, workflowId)))
    .orderBy(asc(workflowSteps.order), asc(workflowSteps.createdAt));
  if (steps.length === 0) return [];
  const links = await db
    .select({ stepId: workflowStepEmailLists.workflowStepId, personaId: workflowStepEmailLists.personaId })
    .from(workflowStepEmailLists)
    .where(
      and(
        eq(workflowStepEmailLists.workspaceId, workspaceId),
        inArray(
          workflowStepEmailLists.workflowStepId,
          steps.map((step) => step.id),
        ),
      ),
    )
    .orderBy(asc(workflowStepEmailLists.createdAt));
  return steps.map((step) => ({
    id: step.id,
    workflowId: step.workflowId,
    order: step.order,
    stepType: step.stepType,
    name: step.name ?? '',
    emailListIds: links.filter((link) => link.stepId === step.id).map((link) => link.personaId),
  }));
}

/** Every email list the workflow's add_to_email_list steps fill, once each. */
export async function workflowEmailListIds(
  db: AppDb,
  workspaceId: string,
  workflowId: string,
): Promise<string[]> {
  const steps = await loadWorkflowSteps(db, workspaceId, workflowId);
  return [
    ...new Set(
      steps.filter((step) => step.stepType === 'add_to_email_list').flatMap((step) => step.emailListIds),
    ),
  ];
}
