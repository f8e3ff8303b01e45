import type { Persona, PersonaValues } from '@prospector/contracts';
import { personas } from '@prospector/db';
import type { CoreDeps } from '../deps';
import type { Actor } from '../workspaces/actor';
import { toPersona } from './persona-store';

/** POST /api/personas: a new, empty email list. */
export async function createPersona(
  deps: CoreDeps,
  workspaceId: string,
  actor: Actor,
  input: PersonaValues,
): Promise<Persona> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(personas)
    .values({ ...input, workspaceId, createdBy: actor.userId, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toPersona({ ...row, sequenceCount: 0 });
}
