import { contacts, personaContacts } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { findContact } from '../contacts/contact-store';
import type { CoreDeps } from '../deps';
import { findPersona } from './persona-store';

/**
 * POST /api/personas/{id}/contacts {contactId}: links one of the user's contacts to the list. Linking a
 * contact that is already in the list changes nothing (`added: false`).
 */
export async function addPersonaContact(
  deps: CoreDeps,
  workspaceId: string,
  personaId: string,
  contactId: string,
): Promise<{ added: boolean }> {
  return deps.db.transaction(async (tx) => {
    const persona = await findPersona(tx, workspaceId, personaId);
    const contact = await findContact(tx, workspaceId, contactId);
    const added = await tx
      .insert(personaContacts)
      .values({ personaId, contactId, workspaceId, createdAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning({ contactId: personaContacts.contactId });
    // A contact that belongs to no list yet takes this one as its own (and its industry for the filter).
    if (!contact.personaId) {
      await tx
        .update(contacts)
        .set({ personaId, personaIndustry: persona.industry })
        .where(and(eq(contacts.id, contactId), eq(contacts.workspaceId, workspaceId)));
    }
    return { added: added.length > 0 };
  });
}
