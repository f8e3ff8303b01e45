import type { PersonaSequence, PersonaWorkflow } from '@prospector/contracts';
import { sequences, workflowStepEmailLists, workflowSteps, workflows } from '@prospector/db';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { findPersona, linkedToPersona } from './persona-store';

/** GET /api/personas/{id}/sequences: the sequences the list feeds. */
export async function listPersonaSequences(
  deps: CoreDeps,
  workspaceId: string,
  personaId: string,
): Promise<PersonaSequence[]> {
  await findPersona(deps.db, workspaceId, personaId);
  return deps.db
    .select({ id: sequences.id, name: sequences.name, status: sequences.status })
    .from(sequences)
    .where(and(eq(sequences.workspaceId, workspaceId), linkedToPersona(personaId)))
    .orderBy(desc(sequences.createdAt));
}

/** GET /api/personas/{id}/workflows: the workflows that add their leads to the list. */
export async function listPersonaWorkflows(
  deps: CoreDeps,
  workspaceId: string,
  personaId: string,
): Promise<PersonaWorkflow[]> {
  await findPersona(deps.db, workspaceId, personaId);
  return deps.db
    .selectDistinct({ id: workflows.id, name: workflows.name, status: workflows.status })
    .from(workflows)
    .innerJoin(workflowSteps, eq(workflowSteps.workflowId, workflows.id))
    .innerJoin(workflowStepEmailLists, eq(workflowStepEmailLists.workflowStepId, workflowSteps.id))
    .where(and(eq(workflows.workspaceId, workspaceId), eq(workflowStepEmailLists.personaId, personaId)))
    .orderBy(asc(workflows.name), asc(workflows.id));
}
