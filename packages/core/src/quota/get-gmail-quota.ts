import type { GmailQuota } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { listAccounts } from '../mailboxes/account-store';
import { accountAgeDays } from './quota-policy';
import { limitFor, sentInWindowByEmail } from './quota-store';

/** GET /api/gmail/quota: per mailbox, sends in the last 24 hours against its limit. */
export async function getGmailQuota(deps: CoreDeps, workspaceId: string): Promise<GmailQuota[]> {
  const now = deps.clock.now();
  const accounts = await listAccounts(deps.db, workspaceId);
  const sent = await sentInWindowByEmail(
    deps.db,
    workspaceId,
    accounts.map((account) => account.email),
    now,
  );
  return accounts.map((account) => {
    const current = sent.get(account.email.toLowerCase()) ?? 0;
    const limit = limitFor(account, now);
    return {
      accountId: account.id,
      email: account.email,
      current,
      limit,
      remaining: Math.max(0, limit - current),
      // The age the ramp-up counts: from the oldest sent message when Gmail told it (decision 026).
      accountAge: accountAgeDays(account.sendingSince ?? account.createdAt, now),
    };
  });
}
