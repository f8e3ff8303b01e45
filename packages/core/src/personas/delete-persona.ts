import { personas } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { PERSONA_NOT_FOUND } from './persona-store';

/**
 * DELETE /api/personas/{id}: the list and its memberships go; the contacts stay (in Contacts, in their
 * other lists and in any sequence they are enrolled in). Sequences that used the list lose the link.
 */
export async function deletePersona(deps: CoreDeps, userId: string, id: string): Promise<void> {
  const deleted = await deps.db
    .delete(personas)
    .where(and(eq(personas.userId, userId), eq(personas.id, id)))
    .returning({ id: personas.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', PERSONA_NOT_FOUND);
}
