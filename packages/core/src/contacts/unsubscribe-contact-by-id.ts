import type { Contact } from '@prospector/contracts';
import { unsubscribeInTx } from '../contact-state/unsubscribe';
import type { CoreDeps } from '../deps';
import { findContact } from './contact-store';
import { getContact } from './get-contact';

/** POST /api/v1/contacts/{id}/unsubscribe: the user unsubscribes one of their contacts; idempotent. */
export async function unsubscribeContactById(
  deps: CoreDeps,
  workspaceId: string,
  id: string,
): Promise<Contact> {
  await findContact(deps.db, workspaceId, id);
  const at = deps.clock.now();
  await deps.db.transaction((tx) => unsubscribeInTx(tx, { workspaceId, contactId: id, at, source: 'api' }));
  return getContact(deps, workspaceId, id);
}
