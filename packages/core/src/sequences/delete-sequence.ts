import { sequences } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { SEQUENCE_NOT_FOUND } from './enroll-contacts';

/**
 * DELETE /api/sequences/{id}, in any status. The database cascades its steps, linked lists, enrolments
 * and email_sends (scheduled ones are thereby cancelled); the mailbox's email_logs of emails already sent
 * stay, with the sequence reference cleared, so sending limits still count them
 * (docs/decisions/010-sequence-status-and-deletion.md).
 */
export async function deleteSequence(deps: CoreDeps, workspaceId: string, id: string): Promise<void> {
  const deleted = await deps.db
    .delete(sequences)
    .where(and(eq(sequences.workspaceId, workspaceId), eq(sequences.id, id)))
    .returning({ id: sequences.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', SEQUENCE_NOT_FOUND);
}
