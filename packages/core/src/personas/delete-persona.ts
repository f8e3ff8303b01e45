import { personas, removedPersonas } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps, JobQueue } from '../deps';
import { type Actor, recordActivityBy } from '../workspaces/actor';
import { PERSONA_NOT_FOUND } from './persona-store';
import { LIST_REMOVAL_JOB } from './remove-deleted-lists';

/**
 * DELETE /api/personas/{id}: the list goes at once, whatever its size; the contacts stay (in Contacts, in
 * their other lists and in any sequence they are enrolled in). Sequences that used the list lose the
 * link. Its memberships, which nothing shows once the list is gone, are removed by the worker in batches
 * (decision 045): a list of millions would otherwise hold the request for minutes.
 */
export async function deletePersona(
  deps: CoreDeps,
  queue: JobQueue,
  workspaceId: string,
  actor: Actor,
  id: string,
) {
  await deps.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(personas)
      .where(and(eq(personas.workspaceId, workspaceId), eq(personas.id, id)))
      .returning({ id: personas.id, name: personas.name });
    if (!deleted) throw new AppError('NOT_FOUND', PERSONA_NOT_FOUND);
    const now = deps.clock.now();
    await tx.insert(removedPersonas).values({ personaId: deleted.id, workspaceId, removedAt: now });
    await recordActivityBy(tx, now, actor, {
      workspaceId,
      action: 'list.deleted',
      subjectType: 'list',
      subjectId: deleted.id,
      subjectName: deleted.name,
    });
  });
  // The worker's schedule finds the list too, should this not reach the queue.
  await queue.send(LIST_REMOVAL_JOB, {}).catch(() => null);
}
