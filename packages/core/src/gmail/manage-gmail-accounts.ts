import type { GmailAccount, SetDefaultSenderInput } from '@prospector/contracts';
import { gmailAccounts } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import { decryptSecret } from '../crypto/secret-box';
import type { CoreDeps } from '../deps';
import { findAccount, getDefaultSender, listAccounts, listAliases, setDefaultSender } from './account-store';
import { withGmail } from './account-tokens';
import { syncAliases } from './alias-sync';
import { getGmailAccount } from './list-gmail-accounts';
import { revokeToken } from './oauth-client';

export const GMAIL_ACCOUNT_NOT_FOUND = 'Gmail account not found';

async function requireAccount(deps: CoreDeps, userId: string, accountId: string) {
  const account = await findAccount(deps.db, userId, accountId);
  if (!account) throw new AppError('NOT_FOUND', GMAIL_ACCOUNT_NOT_FOUND);
  return account;
}

/**
 * DELETE /api/gmail/accounts/{id}: revokes the grant (best effort) and removes the mailbox. When it was
 * the default sender, the oldest remaining mailbox becomes the default, or none.
 */
export async function deleteGmailAccount(deps: CoreDeps, userId: string, accountId: string) {
  const account = await requireAccount(deps, userId, accountId);
  const token = account.refreshToken ?? account.accessToken;
  if (token && deps.google && deps.appSecret && account.sandbox === deps.google.sandbox) {
    await revokeToken(deps.google, decryptSecret(token, deps.appSecret));
  }
  await deps.db
    .delete(gmailAccounts)
    .where(and(eq(gmailAccounts.userId, userId), eq(gmailAccounts.id, account.id)));
  const current = await getDefaultSender(deps.db, userId);
  if (current.accountId === account.id || !current.accountId) {
    const next = (await listAccounts(deps.db, userId))[0];
    await setDefaultSender(deps.db, userId, next?.id ?? null, next?.email ?? null, deps.clock.now());
  }
  return { success: true, defaultSenderAccountId: (await getDefaultSender(deps.db, userId)).accountId };
}

/** POST /api/gmail/set-default {accountId, sendAsEmail?}: the default sender (and alias) for new sends. */
export async function setDefaultGmailSender(deps: CoreDeps, userId: string, input: SetDefaultSenderInput) {
  const account = await requireAccount(deps, userId, input.accountId);
  const aliases = await listAliases(deps.db, userId, [account.id]);
  const address = input.sendAsEmail ?? aliases.find((a) => a.isDefaultAlias)?.sendAsEmail ?? account.email;
  const known = address === account.email.toLowerCase() || aliases.some((a) => a.sendAsEmail === address);
  if (!known)
    throw new AppError('VALIDATION_ERROR', `${address} is not a send-as address of ${account.email}`);
  await setDefaultSender(deps.db, userId, account.id, address, deps.clock.now());
  return { success: true, defaultSenderAccountId: account.id, defaultSendAsEmail: address };
}

/** POST /api/gmail/accounts/{id}/refresh-aliases: re-reads settings/sendAs from Gmail. */
export async function refreshGmailAliases(
  deps: CoreDeps,
  userId: string,
  accountId: string,
): Promise<GmailAccount> {
  const account = await requireAccount(deps, userId, accountId);
  const sendAs = await withGmail(deps, account, (api) => api.listSendAs());
  await syncAliases(deps.db, userId, account.id, sendAs, deps.clock.now());
  return (await getGmailAccount(deps, userId, account.id))!;
}
