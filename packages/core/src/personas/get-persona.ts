import type { Persona, WithCreator } from '@prospector/contracts';
import { personas, users } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import { creatorNameColumn } from '../creator-name';
import type { CoreDeps } from '../deps';
import { PERSONA_NOT_FOUND, personaColumns, toPersona } from './persona-store';

/** GET /api/personas/{id}, with its counts and the name of the member who made it. */
export async function getPersona(
  deps: CoreDeps,
  workspaceId: string,
  id: string,
): Promise<WithCreator<Persona>> {
  const [row] = await deps.db
    .select({ ...personaColumns, createdByName: creatorNameColumn })
    .from(personas)
    .leftJoin(users, eq(users.id, personas.createdBy))
    .where(and(eq(personas.workspaceId, workspaceId), eq(personas.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', PERSONA_NOT_FOUND);
  return { ...toPersona(row), createdByName: row.createdByName };
}
