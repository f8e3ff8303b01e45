import type { Persona, WithCreator } from '@prospector/contracts';
import { personas, users } from '@prospector/db';
import { desc, eq } from 'drizzle-orm';
import { creatorNameColumn } from '../creator-name';
import type { CoreDeps } from '../deps';
import { personaColumns, toPersona } from './persona-store';

/**
 * GET /api/personas: the user's email lists, newest first, each with its contact and sequence counts and
 * the name of the member who made it.
 */
export async function listPersonas(deps: CoreDeps, workspaceId: string): Promise<WithCreator<Persona>[]> {
  const rows = await deps.db
    .select({ ...personaColumns, createdByName: creatorNameColumn })
    .from(personas)
    .leftJoin(users, eq(users.id, personas.createdBy))
    .where(eq(personas.workspaceId, workspaceId))
    .orderBy(desc(personas.createdAt), desc(personas.id));
  return rows.map((row) => ({ ...toPersona(row), createdByName: row.createdByName }));
}
