import type { Persona, PersonaUpdate } from '@prospector/contracts';
import { personas } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { loadPersona, PERSONA_NOT_FOUND } from './persona-store';

/** PATCH /api/personas/{id}: changes the fields sent. */
export async function updatePersona(
  deps: CoreDeps,
  workspaceId: string,
  id: string,
  input: PersonaUpdate,
): Promise<Persona> {
  const updated = await deps.db
    .update(personas)
    .set({ ...input, updatedAt: deps.clock.now() })
    .where(and(eq(personas.workspaceId, workspaceId), eq(personas.id, id)))
    .returning({ id: personas.id });
  if (updated.length === 0) throw new AppError('NOT_FOUND', PERSONA_NOT_FOUND);
  return loadPersona(deps.db, workspaceId, id);
}
