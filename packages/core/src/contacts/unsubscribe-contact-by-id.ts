import type { Contact } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { markUnsubscribed } from '../tracking/unsubscribe-contact';
import { findContact } from './contact-store';
import { getContact } from './get-contact';

/** Unsubscribes one of the user's contacts as its unsubscribe link does (enrolments stop); idempotent. */
export async function unsubscribeContactById(deps: CoreDeps, userId: string, id: string): Promise<Contact> {
  await findContact(deps.db, userId, id);
  await deps.db.transaction((tx) => markUnsubscribed(tx, { userId, contactId: id }, deps.clock.now(), 'api'));
  return getContact(deps, userId, id);
}
