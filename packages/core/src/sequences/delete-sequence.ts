import { sequences } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import type { Actor } from '../workspaces/actor';
import { SEQUENCE_NOT_FOUND } from './enroll-contacts';
import { recordSequenceActivity } from './sequence-activity';

/**
 * DELETE /api/sequences/{id}, in any status. The database cascades its steps, linked lists, enrolments
 * and email_sends (scheduled ones are thereby cancelled); the mailbox's email_logs of emails already sent
 * stay, with the sequence reference cleared, so sending limits still count them
 * (docs/decisions/010-sequence-status-and-deletion.md).
 */
export async function deleteSequence(
  deps: CoreDeps,
  workspaceId: string,
  actor: Actor,
  id: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(sequences)
      .where(and(eq(sequences.workspaceId, workspaceId), eq(sequences.id, id)))
      .returning({ id: sequences.id, workspaceId: sequences.workspaceId, name: sequences.name });
    if (!deleted) throw new AppError('NOT_FOUND', SEQUENCE_NOT_FOUND);
    await recordSequenceActivity(tx, deps.clock.now(), actor, deleted, 'sequence.deleted');
  });
}
