import type { LinkedEmailList } from '@prospector/contracts';
import { type AppDb, personas, sequencePersonas } from '@prospector/db';
import { and, asc, eq } from 'drizzle-orm';
import type { SequenceRow } from './sequence-store';

/**
 * The email lists a sequence enrolls from: those linked in sequence_personas and the sequence's own
 * personaId (the list it was set up with), in the order they were linked.
 */
export async function selectLinkedEmailLists(
  db: AppDb,
  workspaceId: string,
  sequence: Pick<SequenceRow, 'id' | 'personaId' | 'createdAt'>,
): Promise<LinkedEmailList[]> {
  const columns = {
    id: personas.id,
    name: personas.name,
    industry: personas.industry,
    jobTitle: personas.jobTitle,
    location: personas.location,
    description: personas.description,
    contactCount: personas.contactCount,
  };
  const linked = await db
    .select({ ...columns, linkedAt: sequencePersonas.createdAt })
    .from(sequencePersonas)
    .innerJoin(
      personas,
      and(eq(personas.id, sequencePersonas.personaId), eq(personas.workspaceId, workspaceId)),
    )
    .where(eq(sequencePersonas.sequenceId, sequence.id))
    .orderBy(asc(sequencePersonas.createdAt), asc(personas.name));
  const rows = [...linked];
  if (sequence.personaId && !linked.some((list) => list.id === sequence.personaId)) {
    const own = await db
      .select(columns)
      .from(personas)
      .where(and(eq(personas.id, sequence.personaId), eq(personas.workspaceId, workspaceId)));
    rows.unshift(...own.map((list) => ({ ...list, linkedAt: sequence.createdAt })));
  }
  return rows.map((row) => ({
    ...row,
    contactCount: Number(row.contactCount),
    linkedAt: row.linkedAt.toISOString(),
  }));
}
