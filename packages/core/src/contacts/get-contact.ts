import type { Contact } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { findSuppressionFor } from '../suppressions/suppression-store';
import { findContact } from './contact-store';
import { toContact } from './contact-view';

/** GET /api/contacts/{id}: the contact, with the suppression list's entry that covers its address. */
export async function getContact(deps: CoreDeps, userId: string, id: string): Promise<Contact> {
  const contact = toContact(await findContact(deps.db, userId, id));
  return { ...contact, suppression: await findSuppressionFor(deps.db, userId, contact.email) };
}
