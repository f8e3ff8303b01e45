import { personas, removedPersonas } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps, JobQueue } from '../deps';
import { PERSONA_NOT_FOUND } from './persona-store';
import { LIST_REMOVAL_JOB } from './remove-deleted-lists';

/**
 * DELETE /api/personas/{id}: the list goes at once, whatever its size; the contacts stay (in Contacts, in
 * their other lists and in any sequence they are enrolled in). Sequences that used the list lose the
 * link. Its memberships, which nothing shows once the list is gone, are removed by the worker in batches
 * (decision 045): a list of millions would otherwise hold the request for minutes.
 */
export async function deletePersona(deps: CoreDeps, queue: JobQueue, workspaceId: string, id: string) {
  await deps.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(personas)
      .where(and(eq(personas.workspaceId, workspaceId), eq(personas.id, id)))
      .returning({ id: personas.id });
    if (!deleted) throw new AppError('NOT_FOUND', PERSONA_NOT_FOUND);
    await tx
      .insert(removedPersonas)
      .values({ personaId: deleted.id, workspaceId, removedAt: deps.clock.now() });
  });
  // The worker's schedule finds the list too, should this not reach the queue.
  await queue.send(LIST_REMOVAL_JOB, {}).catch(() => null);
}
