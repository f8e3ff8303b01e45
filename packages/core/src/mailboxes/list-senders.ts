import type { Sender } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { getDefaultSender, listAccounts, listAliases } from './account-store';

/**
 * GET /api/senders: every send-as address of every mailbox not disconnected; the default sender's is marked. A
 * disconnected mailbox is kept for its reconnection but cannot be chosen to send from.
 */
export async function listSenders(deps: CoreDeps, workspaceId: string): Promise<Sender[]> {
  const accounts = (await listAccounts(deps.db, workspaceId)).filter(
    (account) => account.status !== 'disconnected',
  );
  const aliases = await listAliases(
    deps.db,
    workspaceId,
    accounts.map((a) => a.id),
  );
  const current = await getDefaultSender(deps.db, workspaceId);
  return accounts.flatMap((account) => {
    const own = aliases.filter((a) => a.accountId === account.id);
    const entries = own.length
      ? own.map((a) => ({ email: a.sendAsEmail, displayName: a.displayName, primary: a.isPrimary }))
      : [{ email: account.email, displayName: account.displayName, primary: true }];
    entries.sort((a, b) => Number(b.primary) - Number(a.primary) || a.email.localeCompare(b.email));
    const defaultAddress = current.sendAsEmail ?? account.email;
    return entries.map((e) => ({
      accountId: account.id,
      email: e.email,
      displayName: e.displayName ?? account.displayName,
      accountEmail: account.email,
      isDefault: current.accountId === account.id && e.email === defaultAddress.toLowerCase(),
      sandbox: account.sandbox,
    }));
  });
}
