import type { Contact, ContactCreateValues } from '@prospector/contracts';
import { contacts } from '@prospector/db';
import { and, eq, sql } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { createContact } from './create-contact';
import { updateContact } from './update-contact';

/**
 * Creates the contact, or updates the user's contact with that address (any case) with the fields sent:
 * the public API's "upsert by email". Both paths are the web app's own create and update (as the API's door).
 */
export async function upsertContact(
  deps: CoreDeps,
  workspaceId: string,
  input: ContactCreateValues,
  sent: ReadonlySet<string>,
): Promise<{ contact: Contact; created: boolean }> {
  const [existing] = await deps.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.workspaceId, workspaceId), sql`lower(${contacts.email}) = lower(${input.email})`))
    .limit(1);
  if (!existing) return { contact: await createContact(deps, workspaceId, input, 'api'), created: true };
  const { personaId: _personaId, metadata: _metadata, ...fields } = input;
  const changes = Object.fromEntries(Object.entries(fields).filter(([key]) => sent.has(key)));
  return { contact: await updateContact(deps, workspaceId, existing.id, changes, 'api'), created: false };
}
