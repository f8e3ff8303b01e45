import type { Contact } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { findContact } from './contact-store';
import { toContact } from './contact-view';

/** GET /api/contacts/{id}. */
export async function getContact(deps: CoreDeps, userId: string, id: string): Promise<Contact> {
  return toContact(await findContact(deps.db, userId, id));
}
