import type { CoreDeps } from '../deps';
import type { Actor } from '../workspaces/actor';
import { requireAccount } from './account-store';
import { disconnectMailbox } from './manage-mailboxes';
import { MAILBOX_NOT_FOUND } from './update-mailbox';

/** DELETE /api/mailboxes/{id}, any provider: the Gmail route's Disconnect, or Remove with `permanently`. */
export async function removeMailbox(
  deps: CoreDeps,
  workspaceId: string,
  actor: Actor,
  mailboxId: string,
  options: { permanently?: boolean; newDefaultId?: string } = {},
) {
  return disconnectMailbox(
    deps,
    workspaceId,
    actor,
    await requireAccount(deps.db, workspaceId, mailboxId, MAILBOX_NOT_FOUND),
    options,
  );
}
