import type { GmailAccount } from '@prospector/contracts';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import { findAccount, GMAIL_ACCOUNT_NOT_FOUND, updateAccount } from '../mailboxes/account-store';
import { getGmailAccount } from '../mailboxes/account-view';

/** POST /api/gmail/accounts/{id}/resume: lifts an automatic pause; the mailbox's waiting sends go out again. */
export async function resumeMailbox(
  deps: CoreDeps,
  userId: string,
  accountId: string,
): Promise<GmailAccount> {
  const account = await findAccount(deps.db, userId, accountId);
  if (!account) throw new AppError('NOT_FOUND', GMAIL_ACCOUNT_NOT_FOUND);
  await updateAccount(deps.db, userId, account.id, {
    pausedAt: null,
    pausedReason: null,
    updatedAt: deps.clock.now(),
  });
  return (await getGmailAccount(deps, userId, account.id))!;
}
