import type { PersonaSequence } from '@prospector/contracts';
import { sequences } from '@prospector/db';
import { and, desc, eq } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { findPersona, linkedToPersona } from './persona-store';

/** GET /api/personas/{id}/sequences: the sequences the list feeds. */
export async function listPersonaSequences(
  deps: CoreDeps,
  userId: string,
  personaId: string,
): Promise<PersonaSequence[]> {
  await findPersona(deps.db, userId, personaId);
  return deps.db
    .select({ id: sequences.id, name: sequences.name, status: sequences.status })
    .from(sequences)
    .where(and(eq(sequences.userId, userId), linkedToPersona(personaId)))
    .orderBy(desc(sequences.createdAt));
}
