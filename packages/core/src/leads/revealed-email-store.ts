import { isLockedEmail, type Lead, leadWithRevealed } from '@prospector/contracts';
import { type AppDb, contacts, revealedEmails } from '@prospector/db';
import { and, eq, inArray } from 'drizzle-orm';

type Db = Pick<AppDb, 'select' | 'insert'>;

/** An address worth keeping from a reveal: Apollo's locked marker and blanks mean "none". */
export const revealedAddress = (email: string | null | undefined) =>
  email?.trim() && !isLockedEmail(email) ? email.trim() : null;

/** What a reveal kept of a person: the address (null when Apollo had none) and the person it answered. */
export interface KnownPerson {
  email: string | null;
  person: Lead | null;
}

/**
 * What the user already knows of these Apollo people: a reveal kept from before, else the address of the
 * contact made from the person.
 */
export async function knownPeople(
  db: Db,
  workspaceId: string,
  apolloIds: string[],
): Promise<Map<string, KnownPerson>> {
  if (apolloIds.length === 0) return new Map();
  const [revealed, fromContacts] = await Promise.all([
    db
      .select({
        apolloId: revealedEmails.apolloId,
        email: revealedEmails.email,
        person: revealedEmails.person,
      })
      .from(revealedEmails)
      .where(and(eq(revealedEmails.workspaceId, workspaceId), inArray(revealedEmails.apolloId, apolloIds))),
    db
      .select({ apolloId: contacts.apolloId, email: contacts.email })
      .from(contacts)
      .where(and(eq(contacts.workspaceId, workspaceId), inArray(contacts.apolloId, apolloIds))),
  ]);
  const known = new Map<string, KnownPerson>(
    revealed.map((row) => [row.apolloId, { email: row.email, person: (row.person as Lead | null) ?? null }]),
  );
  for (const row of fromContacts) {
    if (row.apolloId && !known.get(row.apolloId)?.email) {
      known.set(row.apolloId, { email: row.email, person: known.get(row.apolloId)?.person ?? null });
    }
  }
  return known;
}

/** Keeps reveals; a person revealed before keeps the first answer (it was already paid for). */
export async function rememberRevealedPeople(
  db: Db,
  workspaceId: string,
  reveals: { apolloId: string; email: string | null; person: Lead | null }[],
  now: Date,
): Promise<void> {
  if (reveals.length === 0) return;
  await db
    .insert(revealedEmails)
    .values(reveals.map((reveal) => ({ workspaceId, ...reveal, createdAt: now })))
    .onConflictDoNothing();
}

/** A page of search results showing what the user has already revealed in place of the locked marker. */
export async function withKnownEmails(db: Db, workspaceId: string, leads: Lead[]): Promise<Lead[]> {
  const locked = leads.filter((lead) => isLockedEmail(lead.email)).map((lead) => lead.apolloId);
  const known = await knownPeople(db, workspaceId, locked);
  return leads.map((lead) => {
    const found = isLockedEmail(lead.email) ? known.get(lead.apolloId) : undefined;
    if (!found) return lead;
    return { ...(found.person ? leadWithRevealed(lead, found.person) : lead), email: found.email };
  });
}
