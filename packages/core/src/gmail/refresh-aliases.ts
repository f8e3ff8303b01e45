import type { GmailAccount } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { requireAccount } from '../mailboxes/account-store';
import { getGmailAccount } from '../mailboxes/account-view';
import { syncAliases } from '../mailboxes/alias-sync';
import { withGmail } from './account-tokens';

/** POST /api/gmail/accounts/{id}/refresh-aliases: re-reads settings/sendAs from Gmail. */
export async function refreshGmailAliases(
  deps: CoreDeps,
  workspaceId: string,
  accountId: string,
): Promise<GmailAccount> {
  const account = await requireAccount(deps.db, workspaceId, accountId);
  const sendAs = await withGmail(deps, account, (api) => api.listSendAs());
  await syncAliases(deps.db, workspaceId, account.id, sendAs, deps.clock.now());
  return (await getGmailAccount(deps, workspaceId, account.id))!;
}
