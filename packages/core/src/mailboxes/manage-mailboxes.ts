import { NEW_DEFAULT_NOT_CONNECTED, type SetDefaultSenderInput } from '@prospector/contracts';
import { gmailAccounts } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { CoreDeps } from '../deps';
import type { Actor } from '../workspaces/actor';
import type { MailboxRow } from './account-store';
import {
  getDefaultSender,
  listAccounts,
  listAliases,
  requireAccount,
  setDefaultSender,
} from './account-store';
import { recordMailboxActivity } from './mailbox-activity';
import { mailProviderFor } from './providers';

/**
 * Disconnect forgets the credentials (OAuth tokens, a mail server's passwords) after the provider revokes
 * its grant where it can, but keeps the mailbox record with status 'disconnected', so connecting the same
 * mailbox again brings back the same record, its settings and the enrolments pinned to it (their emails
 * wait meanwhile). With `permanently` (Remove), the record is deleted: pinned enrolments lose their mailbox
 * and their emails wait until the user moves them to another mailbox. When it was the default sender, the
 * mailbox the user chose (`newDefaultId`, another connected one), else the oldest other connected mailbox,
 * becomes the default; with none, a disconnected default stays (a reconnection restores it).
 */
export async function disconnectMailbox(
  deps: CoreDeps,
  workspaceId: string,
  actor: Actor,
  mailbox: MailboxRow,
  options: { permanently?: boolean; newDefaultId?: string } = {},
) {
  const chosen = options.newDefaultId
    ? await requireAccount(deps.db, workspaceId, options.newDefaultId)
    : undefined;
  if (chosen && (chosen.id === mailbox.id || chosen.status !== 'connected')) {
    throw new AppError('VALIDATION_ERROR', NEW_DEFAULT_NOT_CONNECTED);
  }
  await mailProviderFor(mailbox).revokeGrant(deps, mailbox);
  const scope = and(eq(gmailAccounts.workspaceId, workspaceId), eq(gmailAccounts.id, mailbox.id));
  const now = deps.clock.now();
  if (options.permanently) {
    await deps.db.transaction(async (tx) => {
      const [removed] = await tx.delete(gmailAccounts).where(scope).returning();
      if (removed) await recordMailboxActivity(tx, now, actor, removed, 'mailbox.removed');
    });
  } else {
    await deps.db
      .update(gmailAccounts)
      .set({
        status: 'disconnected',
        accessToken: null,
        refreshToken: null,
        tokenExpiresAt: null,
        connectionSecret: null,
        lastError: null,
        updatedAt: now,
      })
      .where(scope);
  }
  const current = await getDefaultSender(deps.db, workspaceId);
  if (current.accountId === mailbox.id || !current.accountId) {
    const accounts = await listAccounts(deps.db, workspaceId);
    const next = chosen ?? accounts.find((row) => row.id !== mailbox.id && row.status === 'connected');
    if (next) await setDefaultSender(deps.db, workspaceId, next.id, next.email, now);
    else if (options.permanently) await setDefaultSender(deps.db, workspaceId, null, null, now);
  }
  return { success: true, defaultSenderAccountId: (await getDefaultSender(deps.db, workspaceId)).accountId };
}

/** DELETE /api/gmail/accounts/{id} (Disconnect, or Remove with `permanently`). */
export async function deleteGmailAccount(
  deps: CoreDeps,
  workspaceId: string,
  actor: Actor,
  accountId: string,
  options: { permanently?: boolean; newDefaultId?: string } = {},
) {
  const mailbox = await requireAccount(deps.db, workspaceId, accountId);
  return disconnectMailbox(deps, workspaceId, actor, mailbox, options);
}

/** POST /api/gmail/set-default {accountId, sendAsEmail?}: the default sender (and alias) for new sends. */
export async function setDefaultGmailSender(
  deps: CoreDeps,
  workspaceId: string,
  input: SetDefaultSenderInput,
) {
  const account = await requireAccount(deps.db, workspaceId, input.accountId);
  const aliases = await listAliases(deps.db, workspaceId, [account.id]);
  const address = input.sendAsEmail ?? aliases.find((a) => a.isDefaultAlias)?.sendAsEmail ?? account.email;
  const known = address === account.email.toLowerCase() || aliases.some((a) => a.sendAsEmail === address);
  if (!known)
    throw new AppError('VALIDATION_ERROR', `${address} is not a send-as address of ${account.email}`);
  await setDefaultSender(deps.db, workspaceId, account.id, address, deps.clock.now());
  return { success: true, defaultSenderAccountId: account.id, defaultSendAsEmail: address };
}
