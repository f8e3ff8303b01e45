import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import {
  findAccount,
  getDefaultSender,
  isUuid,
  listAccounts,
  listAliases,
  type MailboxRow,
} from '../mailboxes/account-store';

export const NO_SENDER_MESSAGE = 'Connect a Gmail account before sending';

export interface ResolvedSender {
  account: MailboxRow;
  from: { name: string; address: string };
}

/**
 * The mailbox and From address to send with: the given account, or the user's default sender (else their
 * first mailbox); the given send-as address, or the default alias, or the account's own address.
 */
export async function resolveSender(
  deps: CoreDeps,
  workspaceId: string,
  senderAccountId?: string | null,
  sendAsEmail?: string | null,
): Promise<ResolvedSender> {
  let account: MailboxRow | undefined;
  let aliases: Awaited<ReturnType<typeof listAliases>> | undefined;
  let alias = sendAsEmail?.trim().toLowerCase() || null;
  if (senderAccountId) {
    // A named mailbox (every sequence email): its row and its aliases are read at once.
    [account, aliases] = await Promise.all([
      findAccount(deps.db, workspaceId, senderAccountId),
      isUuid(senderAccountId) ? listAliases(deps.db, workspaceId, [senderAccountId]) : undefined,
    ]);
    if (!account) throw new AppError('NOT_FOUND', 'Gmail account not found');
  } else {
    const chosen = await getDefaultSender(deps.db, workspaceId);
    account = chosen.accountId ? await findAccount(deps.db, workspaceId, chosen.accountId) : undefined;
    if (account && !alias) alias = chosen.sendAsEmail?.toLowerCase() ?? null;
    account ??= (await listAccounts(deps.db, workspaceId))[0];
    if (!account) throw new AppError('NO_SENDER', NO_SENDER_MESSAGE);
  }
  aliases ??= await listAliases(deps.db, workspaceId, [account.id]);
  const address = alias ?? account.email.toLowerCase();
  const match = aliases.find((a) => a.sendAsEmail.toLowerCase() === address);
  if (!match && address !== account.email.toLowerCase()) {
    throw new AppError('VALIDATION_ERROR', `${address} is not a send-as address of ${account.email}`);
  }
  const name = match?.displayName || account.displayName || '';
  return { account, from: { name, address: match?.sendAsEmail ?? account.email } };
}
