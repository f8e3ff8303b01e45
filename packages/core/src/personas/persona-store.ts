import type { Persona } from '@prospector/contracts';
import { type AppDb, personas } from '@prospector/db';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import { databaseError } from '../database-error';

export type PersonaRow = typeof personas.$inferSelect;
export const PERSONA_NOT_FOUND = 'Email list not found';

/** The user's email list, or a 404: another user's list does not exist for this one. */
export async function findPersona(db: AppDb, workspaceId: string, id: string): Promise<PersonaRow> {
  const [row] = await db
    .select()
    .from(personas)
    .where(and(eq(personas.workspaceId, workspaceId), eq(personas.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', PERSONA_NOT_FOUND);
  return row;
}

/**
 * A membership refused because its list was deleted meanwhile (the lists' count trigger, decision 045):
 * to the user, the list is not found.
 */
export function isListGone(error: unknown): boolean {
  const refused = databaseError(error, '23503');
  return refused?.table === 'persona_contacts' && refused.column === 'persona_id';
}

/*
 * Hand-written SQL names its tables: in a one-table select Drizzle renders columns unqualified, which
 * inside a correlated subquery could bind to the wrong table.
 */

/** Sequences that feed from a list: linked through sequence_personas or as the sequence's own list. */
export function linkedToPersona(personaId: string) {
  return sql`("sequences"."persona_id" = ${personaId} or exists (
    select 1 from "sequence_personas" sp where sp."sequence_id" = "sequences"."id" and sp."persona_id" = ${personaId}))`;
}

/** How many sequences each list feeds. */
const sequenceCountSql = sql<number>`(select count(*)::int from "sequences" s
  where s."workspace_id" = "personas"."workspace_id" and (s."persona_id" = "personas"."id" or exists (
    select 1 from "sequence_personas" sp where sp."sequence_id" = s."id" and sp."persona_id" = "personas"."id")))`.mapWith(
  Number,
);

export const personaColumns = {
  id: personas.id,
  name: personas.name,
  industry: personas.industry,
  jobTitle: personas.jobTitle,
  location: personas.location,
  description: personas.description,
  createdAt: personas.createdAt,
  updatedAt: personas.updatedAt,
  /** Kept by a trigger on persona_contacts (decision 008). */
  contactCount: personas.contactCount,
  sequenceCount: sequenceCountSql,
};

type PersonaListRow = Omit<
  PersonaRow,
  'workspaceId' | 'createdBy' | 'suppressedCount' | 'unsubscribedCount'
> & {
  contactCount: number;
  sequenceCount: number;
};

export function toPersona(row: PersonaListRow): Persona {
  return {
    id: row.id,
    name: row.name,
    industry: row.industry,
    jobTitle: row.jobTitle,
    location: row.location,
    description: row.description,
    contactCount: Number(row.contactCount),
    sequenceCount: Number(row.sequenceCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One list with its counts, as the API returns it. */
export async function loadPersona(db: AppDb, workspaceId: string, id: string): Promise<Persona> {
  const [row] = await db
    .select(personaColumns)
    .from(personas)
    .where(and(eq(personas.workspaceId, workspaceId), eq(personas.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', PERSONA_NOT_FOUND);
  return toPersona(row);
}
