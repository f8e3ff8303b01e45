import type { GmailAccount } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { requireAccount, updateAccount } from '../mailboxes/account-store';
import { getGmailAccount } from '../mailboxes/account-view';
import { recordHealthOverride } from '../sender-health/health-hold';

/**
 * POST /api/gmail/accounts/{id}/resume: lifts an automatic pause; the mailbox's waiting sends go out again.
 * A hold for sender health lifted here is the user's choice to send anyway: it is not placed again until
 * what it rested on changes.
 */
export async function resumeMailbox(
  deps: CoreDeps,
  workspaceId: string,
  accountId: string,
): Promise<GmailAccount> {
  const account = await requireAccount(deps.db, workspaceId, accountId);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await recordHealthOverride(tx, workspaceId, account.id, account.pausedAt, now);
    await updateAccount(tx, workspaceId, account.id, { pausedAt: null, pausedReason: null, updatedAt: now });
  });
  return (await getGmailAccount(deps, workspaceId, account.id))!;
}
