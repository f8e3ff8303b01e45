import { sequencePersonas, sequences } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { findSequence } from './sequence-store';

export const EMAIL_LIST_NOT_LINKED = 'This email list is not linked to this sequence';

/**
 * DELETE /api/sequences/{id}/email-lists/{personaId}: unlinks the list (also when it is the sequence's own
 * list). Contacts already enrolled from it stay enrolled.
 */
export async function removeSequenceEmailList(
  deps: CoreDeps,
  workspaceId: string,
  sequenceId: string,
  personaId: string,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const sequence = await findSequence(tx, workspaceId, sequenceId, { forUpdate: true });
    const removed = await tx
      .delete(sequencePersonas)
      .where(and(eq(sequencePersonas.sequenceId, sequenceId), eq(sequencePersonas.personaId, personaId)))
      .returning({ personaId: sequencePersonas.personaId });
    const wasOwn = sequence.personaId === personaId;
    if (removed.length === 0 && !wasOwn) throw new AppError('NOT_FOUND', EMAIL_LIST_NOT_LINKED);
    await tx
      .update(sequences)
      .set({ personaId: wasOwn ? null : sequence.personaId, updatedAt: now })
      .where(eq(sequences.id, sequenceId));
  });
}
