import type { Persona } from '@prospector/contracts';
import { personas } from '@prospector/db';
import { desc, eq } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { personaColumns, toPersona } from './persona-store';

/** GET /api/personas: the user's email lists, newest first, each with its contact and sequence counts. */
export async function listPersonas(deps: CoreDeps, workspaceId: string): Promise<Persona[]> {
  const rows = await deps.db
    .select(personaColumns)
    .from(personas)
    .where(eq(personas.workspaceId, workspaceId))
    .orderBy(desc(personas.createdAt), desc(personas.id));
  return rows.map(toPersona);
}
