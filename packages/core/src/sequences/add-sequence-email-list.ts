import {
  type AddEmailListInput,
  type AddEmailListResult,
  EMAIL_LIST_ALREADY_LINKED_MESSAGE,
  EMAIL_LIST_LINKED_MESSAGE,
} from '@prospector/contracts';
import { personas, sequencePersonas, sequences } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { PERSONA_NOT_FOUND } from '../personas/persona-store';
import { findSequence, toSequence } from './sequence-store';

/** POST /api/sequences/{id}/add-email-list {personaId}: links a list; linking it again changes nothing. */
export async function addSequenceEmailList(
  deps: CoreDeps,
  workspaceId: string,
  sequenceId: string,
  input: AddEmailListInput,
): Promise<AddEmailListResult> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const sequence = await findSequence(tx, workspaceId, sequenceId, { forUpdate: true });
    const [persona] = await tx
      .select({ id: personas.id })
      .from(personas)
      .where(and(eq(personas.workspaceId, workspaceId), eq(personas.id, input.personaId)));
    if (!persona) throw new AppError('VALIDATION_ERROR', PERSONA_NOT_FOUND);
    const inserted = await tx
      .insert(sequencePersonas)
      .values({ sequenceId, personaId: input.personaId, workspaceId, createdAt: now })
      .onConflictDoNothing()
      .returning({ personaId: sequencePersonas.personaId });
    const added = inserted.length > 0 && sequence.personaId !== input.personaId;
    if (!added) return { message: EMAIL_LIST_ALREADY_LINKED_MESSAGE, sequence: toSequence(sequence) };
    const [row] = await tx
      .update(sequences)
      .set({ updatedAt: now })
      .where(eq(sequences.id, sequenceId))
      .returning();
    return { message: EMAIL_LIST_LINKED_MESSAGE, sequence: toSequence(row!) };
  });
}
