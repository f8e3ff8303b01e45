import { isLockedEmail, type Lead } from '@prospector/contracts';
import { type AppDb, contacts, revealedEmails } from '@prospector/db';
import { and, eq, inArray } from 'drizzle-orm';

type Db = Pick<AppDb, 'select' | 'insert'>;

/** An address worth keeping from a reveal: Apollo's locked marker and blanks mean "none". */
export const revealedAddress = (email: string | null | undefined) =>
  email?.trim() && !isLockedEmail(email) ? email.trim() : null;

/**
 * What the user already knows of these Apollo people's emails: a reveal kept from before (null when Apollo
 * had none), else the address of the contact made from the person.
 */
export async function knownEmails(
  db: Db,
  userId: string,
  apolloIds: string[],
): Promise<Map<string, string | null>> {
  if (apolloIds.length === 0) return new Map();
  const [revealed, fromContacts] = await Promise.all([
    db
      .select({ apolloId: revealedEmails.apolloId, email: revealedEmails.email })
      .from(revealedEmails)
      .where(and(eq(revealedEmails.userId, userId), inArray(revealedEmails.apolloId, apolloIds))),
    db
      .select({ apolloId: contacts.apolloId, email: contacts.email })
      .from(contacts)
      .where(and(eq(contacts.userId, userId), inArray(contacts.apolloId, apolloIds))),
  ]);
  const known = new Map<string, string | null>(revealed.map((row) => [row.apolloId, row.email]));
  for (const row of fromContacts) {
    if (row.apolloId && !known.get(row.apolloId)) known.set(row.apolloId, row.email);
  }
  return known;
}

/** Keeps reveals; a person revealed before keeps the first answer (it was already paid for). */
export async function rememberRevealedEmails(
  db: Db,
  userId: string,
  reveals: { apolloId: string; email: string | null }[],
  now: Date,
): Promise<void> {
  if (reveals.length === 0) return;
  await db
    .insert(revealedEmails)
    .values(reveals.map((reveal) => ({ userId, ...reveal, createdAt: now })))
    .onConflictDoNothing();
}

/** A page of search results with the emails the user has already revealed in place of the locked marker. */
export async function withKnownEmails(db: Db, userId: string, leads: Lead[]): Promise<Lead[]> {
  const locked = leads.filter((lead) => isLockedEmail(lead.email)).map((lead) => lead.apolloId);
  const known = await knownEmails(db, userId, locked);
  return leads.map((lead) =>
    isLockedEmail(lead.email) && known.has(lead.apolloId)
      ? { ...lead, email: known.get(lead.apolloId) ?? null }
      : lead,
  );
}
