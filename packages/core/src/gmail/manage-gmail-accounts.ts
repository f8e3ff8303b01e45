import type { GmailAccount, SetDefaultSenderInput } from '@prospector/contracts';
import { gmailAccounts } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import { decryptSecret } from '../crypto/secret-box';
import type { CoreDeps } from '../deps';
import {
  findAccount,
  GMAIL_ACCOUNT_NOT_FOUND,
  getDefaultSender,
  listAccounts,
  listAliases,
  setDefaultSender,
} from '../mailboxes/account-store';
import { syncAliases } from '../mailboxes/alias-sync';
import { withGmail } from './account-tokens';
import { getGmailAccount } from './list-gmail-accounts';
import { revokeToken } from './oauth-client';

export async function requireAccount(deps: CoreDeps, userId: string, accountId: string) {
  const account = await findAccount(deps.db, userId, accountId);
  if (!account) throw new AppError('NOT_FOUND', GMAIL_ACCOUNT_NOT_FOUND);
  return account;
}

/**
 * DELETE /api/gmail/accounts/{id} (Disconnect): revokes the grant (best effort) and forgets the tokens, but
 * keeps the mailbox record with status 'disconnected', so connecting the same Google account again brings
 * back the same record, its settings and the enrolments pinned to it (their emails wait meanwhile). With
 * `permanently` (Remove), the record is deleted: pinned enrolments lose their mailbox and their emails wait
 * until the user moves them to another mailbox. When it was the default sender, the oldest other connected
 * mailbox becomes the default; with none, a disconnected default stays (a reconnection restores it).
 */
export async function deleteGmailAccount(
  deps: CoreDeps,
  userId: string,
  accountId: string,
  options: { permanently?: boolean } = {},
) {
  const account = await requireAccount(deps, userId, accountId);
  const token = account.refreshToken ?? account.accessToken;
  // Only Google's own grants go to Google's revocation endpoint.
  if (
    token &&
    deps.google &&
    deps.appSecret &&
    account.provider === 'gmail' &&
    account.sandbox === deps.google.sandbox
  ) {
    await revokeToken(deps.google, decryptSecret(token, deps.appSecret));
  }
  const scope = and(eq(gmailAccounts.userId, userId), eq(gmailAccounts.id, account.id));
  const now = deps.clock.now();
  if (options.permanently) await deps.db.delete(gmailAccounts).where(scope);
  else {
    await deps.db
      .update(gmailAccounts)
      .set({
        status: 'disconnected',
        accessToken: null,
        refreshToken: null,
        tokenExpiresAt: null,
        lastError: null,
        updatedAt: now,
      })
      .where(scope);
  }
  const current = await getDefaultSender(deps.db, userId);
  if (current.accountId === account.id || !current.accountId) {
    const accounts = await listAccounts(deps.db, userId);
    const next = accounts.find((row) => row.id !== account.id && row.status === 'connected');
    if (next) await setDefaultSender(deps.db, userId, next.id, next.email, now);
    else if (options.permanently) await setDefaultSender(deps.db, userId, null, null, now);
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
