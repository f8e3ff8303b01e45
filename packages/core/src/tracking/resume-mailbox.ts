import type { GmailAccount } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { requireAccount, updateAccount } from '../mailboxes/account-store';
import { getGmailAccount } from '../mailboxes/account-view';

/** POST /api/gmail/accounts/{id}/resume: lifts an automatic pause; the mailbox's waiting sends go out again. */
export async function resumeMailbox(
  deps: CoreDeps,
  userId: string,
  accountId: string,
): Promise<GmailAccount> {
  const account = await requireAccount(deps.db, userId, accountId);
  await updateAccount(deps.db, userId, account.id, {
    pausedAt: null,
    pausedReason: null,
    updatedAt: deps.clock.now(),
  });
  return (await getGmailAccount(deps, userId, account.id))!;
}
