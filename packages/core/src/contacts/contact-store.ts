import { type AppDb, contacts } from '@prospector/db';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import { databaseError } from '../database-error';
import { type ContactListRow, contactsWithList } from './contact-view';

export const CONTACT_NOT_FOUND = 'Contact not found';

/**
 * The user's contact, or a 404: another user's contact does not exist for this one. `lock` holds the row
 * until the caller's transaction ends, for a change that depends on what it reads.
 */
export async function findContact(
  db: AppDb,
  workspaceId: string,
  id: string,
  lock = false,
): Promise<ContactListRow> {
  const query = contactsWithList(db, workspaceId, eq(contacts.id, id)).limit(1);
  // The contact's row alone: its list is read, not locked (it may be gone).
  const [row] = await (lock ? query.for('update', { of: contacts }) : query);
  if (!row) throw new AppError('NOT_FOUND', CONTACT_NOT_FOUND);
  return row;
}

/** The id of the user's contact with this address (any case), other than `exceptId`; null when none. */
export async function contactIdByEmail(
  db: AppDb,
  workspaceId: string,
  email: string,
  exceptId?: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.workspaceId, workspaceId),
        sql`lower(${contacts.email}) = lower(${email})`,
        exceptId ? sql`${contacts.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Whether the user already has a contact with this address (any case), other than `exceptId`. */
export async function emailTaken(db: AppDb, workspaceId: string, email: string, exceptId?: string) {
  return (await contactIdByEmail(db, workspaceId, email, exceptId)) !== null;
}

/** The constraint of PostgreSQL's unique_violation, as either driver reports it. */
export function uniqueViolation(error: unknown): string | undefined {
  const violation = databaseError(error, '23505');
  if (!violation) return undefined;
  return typeof violation.constraint === 'string' ? violation.constraint : 'unknown';
}
