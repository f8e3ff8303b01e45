import type { CoreDeps } from '../deps';
import { requireAccount } from './account-store';
import { disconnectMailbox } from './manage-mailboxes';
import { MAILBOX_NOT_FOUND } from './update-mailbox';

/** DELETE /api/mailboxes/{id}, any provider: the Gmail route's Disconnect, or Remove with `permanently`. */
export async function removeMailbox(
  deps: CoreDeps,
  workspaceId: string,
  mailboxId: string,
  options: { permanently?: boolean; newDefaultId?: string } = {},
) {
  return disconnectMailbox(
    deps,
    workspaceId,
    await requireAccount(deps.db, workspaceId, mailboxId, MAILBOX_NOT_FOUND),
    options,
  );
}
