import {
  type Contact,
  type ContactCreateValues,
  DUPLICATE_CONTACT_EMAIL,
  defaultContactName,
  withNameParts,
} from '@prospector/contracts';
import { contacts, personaContacts } from '@prospector/db';
import { AppError } from '../app-error';
import type { UserDoor } from '../contact-state/apply-contact-flags';
import type { CoreDeps } from '../deps';
import { findPersona } from '../personas/persona-store';
import { suppressedFlags } from '../suppressions/suppressed-flags';
import { findSuppressionFor } from '../suppressions/suppression-store';
import { recordContactEvent, sourceOfDoor } from '../webhooks/contact-events';
import { contactIdByEmail } from './contact-store';
import { contactColumns, toContact } from './contact-view';

/**
 * Creates a contact (spec section 5: name defaults to 'first last', else the email; not suppressed or
 * unsubscribed unless the suppression list covers the address, decision 046; metadata.source manual)
 * and, with a personaId, links it to that list in the same transaction. The same address twice (in any case) is a 409 DUPLICATE_EMAIL naming the existing contact.
 * A `contact.created` event tells the user's webhooks, with the door it came through.
 */
export async function createContact(
  deps: CoreDeps,
  workspaceId: string,
  given: ContactCreateValues,
  door: UserDoor = 'user',
): Promise<Contact> {
  const input = withNameParts(given);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const persona = input.personaId ? await findPersona(tx, workspaceId, input.personaId) : null;
    const suppression = await findSuppressionFor(tx, workspaceId, input.email);
    const { industry, personaId: _personaId, metadata, tags, ...fields } = input;
    const [row] = await tx
      .insert(contacts)
      .values({
        ...fields,
        workspaceId,
        name: defaultContactName(input),
        organization:
          industry || fields.organizationName ? { name: fields.organizationName, industry } : null,
        tags: tags ?? [],
        metadata: { source: 'manual', ...metadata },
        ...suppressedFlags(suppression),
        personaId: persona?.id ?? null,
        personaIndustry: persona?.industry ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      // Its list was found just now: the column itself is what contactColumns would read (decision 044).
      .returning({ ...contactColumns, personaId: contacts.personaId });
    if (!row) {
      const existingId = await contactIdByEmail(tx, workspaceId, input.email);
      // The existing contact's id lets the caller add that contact to the list instead.
      if (existingId)
        throw new AppError('DUPLICATE_EMAIL', DUPLICATE_CONTACT_EMAIL, undefined, { contactId: existingId });
      throw new AppError('CONFLICT', 'A contact with this Apollo ID already exists');
    }
    if (persona) {
      await tx
        .insert(personaContacts)
        .values({ personaId: persona.id, contactId: row.id, workspaceId, createdAt: now });
    }
    await recordContactEvent(tx, 'contact.created', {
      workspaceId,
      contactId: row.id,
      when: now,
      source: sourceOfDoor(door),
    });
    return { ...toContact(row), suppression };
  });
}
