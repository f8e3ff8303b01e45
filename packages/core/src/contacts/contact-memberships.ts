import { type AppDb, personaContacts, personas, sequenceContacts, sequences } from '@prospector/db';
import { asc, eq, sql } from 'drizzle-orm';

/** Why an enrolment ended, kept only where the end was not the sequence's own course. */
export const enrolmentEndReason = sql<
  string | null
>`case when ${sequenceContacts.status} in ('failed', 'stopped')
  then ${sequenceContacts.lastError} end`;

/** The email lists a contact is in and the sequences it is enrolled in, with each enrolment's state. */
export async function contactMemberships(db: AppDb, contactId: string) {
  const lists = await db
    .select({ id: personas.id, name: personas.name })
    .from(personaContacts)
    .innerJoin(personas, eq(personas.id, personaContacts.personaId))
    .where(eq(personaContacts.contactId, contactId))
    .orderBy(asc(personas.name));
  const enrolments = await db
    .select({
      id: sequences.id,
      name: sequences.name,
      status: sequenceContacts.status,
      reason: enrolmentEndReason,
    })
    .from(sequenceContacts)
    .innerJoin(sequences, eq(sequences.id, sequenceContacts.sequenceId))
    .where(eq(sequenceContacts.contactId, contactId))
    .orderBy(asc(sequences.name));
  return { lists, sequences: enrolments };
}
