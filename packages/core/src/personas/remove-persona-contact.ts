import { personaContacts } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { findPersona } from './persona-store';

/** DELETE /api/personas/{id}/contacts/{contactId}: takes the contact out of the list; the contact stays. */
export async function removePersonaContact(
  deps: CoreDeps,
  workspaceId: string,
  personaId: string,
  contactId: string,
): Promise<void> {
  await findPersona(deps.db, workspaceId, personaId);
  const removed = await deps.db
    .delete(personaContacts)
    .where(
      and(
        eq(personaContacts.personaId, personaId),
        eq(personaContacts.contactId, contactId),
        eq(personaContacts.workspaceId, workspaceId),
      ),
    )
    .returning({ contactId: personaContacts.contactId });
  if (removed.length === 0) throw new AppError('NOT_FOUND', 'Contact is not in this email list');
}
