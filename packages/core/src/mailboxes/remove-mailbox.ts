import type { CoreDeps } from '../deps';
import { disconnectMailbox } from './manage-mailboxes';
import { requireMailbox } from './update-mailbox';

/** DELETE /api/mailboxes/{id}, any provider: the Gmail route's Disconnect, or Remove with `permanently`. */
export async function removeMailbox(
  deps: CoreDeps,
  userId: string,
  mailboxId: string,
  options: { permanently?: boolean } = {},
) {
  return disconnectMailbox(deps, userId, await requireMailbox(deps, userId, mailboxId), options);
}
