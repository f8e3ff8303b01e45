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
import type { CoreDeps } from '../deps';
import { CONTACT_NOT_FOUND, emailTaken, findContact, uniqueViolation } from './contact-store';
import { contactColumns, toContact } from './contact-view';

/** PATCH /api/contacts/{id}: changes the fields sent; a taken address is a 409 DUPLICATE_EMAIL. */
export async function updateContact(
  deps: CoreDeps,
  userId: string,
  id: string,
  input: ContactUpdateValues,
): Promise<Contact> {
  const current = await findContact(deps.db, userId, id);
  if (input.email && (await emailTaken(deps.db, userId, input.email, id))) {
    throw new AppError('DUPLICATE_EMAIL', DUPLICATE_CONTACT_EMAIL);
  }
  const { industry, ...fields } = input;
  const merged = { ...current, ...fields };
  // A cleared name falls back the way a new contact's does: 'first last', else the email.
  if ('name' in input && !input.name) fields.name = defaultContactName({ ...merged, name: null });
  Object.assign(fields, splitNameIfAlone(merged));
  const organization: Record<string, string | null> = {};
  if (industry !== undefined) organization.industry = industry;
  if (fields.organizationName !== undefined) organization.name = fields.organizationName;
  try {
    const [row] = await deps.db
      .update(contacts)
      .set({
        ...fields,
        ...(Object.keys(organization).length > 0 && {
          organization: sql`coalesce(${contacts.organization}, '{}'::jsonb) || ${JSON.stringify(organization)}::jsonb`,
        }),
        updatedAt: deps.clock.now(),
      })
      .where(and(eq(contacts.userId, userId), eq(contacts.id, id)))
      .returning(contactColumns);
    if (!row) throw new AppError('NOT_FOUND', CONTACT_NOT_FOUND);
    return toContact(row);
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
