import {
  type Contact,
  type ContactUpdateValues,
  DUPLICATE_CONTACT_EMAIL,
  defaultContactName,
  withNameParts,
} from '@prospector/contracts';
import { contacts } from '@prospector/db';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import { applyContactFlags, type UserDoor } from '../contact-state/apply-contact-flags';
import { assertUnsubscribeUndoable } from '../contact-state/undo-unsubscribe';
import type { CoreDeps } from '../deps';
import { recordContactEvent, sourceOfDoor } from '../webhooks/contact-events';
import { changedContactFields } from './changed-fields';
import { emailTaken, findContact, uniqueViolation } from './contact-store';
import { toContact } from './contact-view';
import { withSuppression } from './get-contact';

/**
 * PATCH /api/contacts/{id} (and the public API's, `door` 'api'): changes the fields sent; a taken address
 * is a 409 DUPLICATE_EMAIL. Unsubscribing, suppressing and blacklisting go through their own use cases;
 * undoing an unsubscribe the contact made themselves is a 409 and saves nothing. When anything changed, a
 * `contact.updated` event names the fields that did.
 */
export async function updateContact(
  deps: CoreDeps,
  workspaceId: string,
  id: string,
  input: ContactUpdateValues,
  door: UserDoor = 'user',
): Promise<Contact> {
  const at = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const current = await findContact(tx, workspaceId, id, true);
      if (input.unsubscribed === false) assertUnsubscribeUndoable(current);
      if (input.email && (await emailTaken(tx, workspaceId, input.email, id))) {
        throw new AppError('DUPLICATE_EMAIL', DUPLICATE_CONTACT_EMAIL);
      }
      const { industry, unsubscribed, suppressed, ...fields } = input;
      const merged = { ...current, ...fields };
      // A cleared name falls back the way a new contact's does: 'first last', else the email.
      if ('name' in input && !input.name) fields.name = defaultContactName({ ...merged, name: null });
      Object.assign(fields, splitNameIfAlone(merged));
      const organization: Record<string, string | null> = {};
      if (industry !== undefined) organization.industry = industry;
      if (fields.organizationName !== undefined) organization.name = fields.organizationName;
      await tx
        .update(contacts)
        .set({
          ...fields,
          ...(Object.keys(organization).length > 0 && {
            organization: sql`coalesce(${contacts.organization}, '{}'::jsonb) || ${JSON.stringify(organization)}::jsonb`,
          }),
          updatedAt: at,
        })
        .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.id, id)));
      const flags = { unsubscribed, suppressed, tags: fields.tags };
      await applyContactFlags(tx, { workspaceId, contactId: id, at, door }, current, flags);
      const updated = toContact(await findContact(tx, workspaceId, id));
      const changedFields = changedContactFields(toContact(current), updated);
      if (changedFields.length > 0) {
        const source = sourceOfDoor(door);
        await recordContactEvent(tx, 'contact.updated', {
          workspaceId,
          contactId: id,
          when: at,
          source,
          changedFields,
        });
      }
      return withSuppression(tx, workspaceId, updated);
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'contacts_user_email_key')
      throw new AppError('DUPLICATE_EMAIL', DUPLICATE_CONTACT_EMAIL);
    if (constraint) throw new AppError('CONFLICT', 'A contact with this Apollo ID already exists');
    throw error;
  }
}

/** A full name left without a first or last name is split, as a new contact's is. */
function splitNameIfAlone(merged: {
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}) {
  const filled = withNameParts(merged);
  return filled === merged ? {} : { firstName: filled.firstName, lastName: filled.lastName };
}
