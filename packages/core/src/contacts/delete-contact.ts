import { contacts } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { CONTACT_NOT_FOUND } from './contact-store';

/**
 * DELETE /api/contacts/{id}: the contact goes, and with it (by cascade) its list memberships, its
 * enrolments in sequences and their sends.
 */
export async function deleteContact(deps: CoreDeps, userId: string, id: string): Promise<void> {
  const deleted = await deps.db
    .delete(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.id, id)))
    .returning({ id: contacts.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', CONTACT_NOT_FOUND);
}
