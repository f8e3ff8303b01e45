import type { ConnectSmtpMailboxInput, UpdateSmtpMailboxInput } from '@prospector/contracts';
import { gmailAccounts } from '@prospector/db';
import { AppError } from '../../app-error';
import type { CoreDeps } from '../../deps';
import type { Actor } from '../../workspaces/actor';
import {
  findAccount,
  GMAIL_ACCOUNT_NOT_FOUND,
  getDefaultSender,
  type MailboxRow,
  setDefaultSender,
  updateAccount,
} from '../account-store';
import { syncAliases } from '../alias-sync';
import { recordMailboxActivity } from '../mailbox-activity';
import { sealSmtpSecret, smtpMailboxKey } from './smtp-settings';
import { verifyMailServers } from './verify-mail-servers';

/**
 * POST /api/mailboxes/smtp: after both servers accepted the login, saves the mailbox (settings and
 * passwords encrypted), its address as its one sender, and makes it the default sender if there is none.
 * Connecting the same address again updates the same mailbox and resumes it.
 */
export async function connectSmtpMailbox(
  deps: CoreDeps,
  workspaceId: string,
  actor: Actor,
  input: ConnectSmtpMailboxInput,
): Promise<MailboxRow> {
  await verifyMailServers(deps, input);
  const now = deps.clock.now();
  const email = input.email.toLowerCase();
  const values = {
    workspaceId,
    googleUserId: smtpMailboxKey(email),
    provider: 'smtp' as const,
    connectionSecret: sealSmtpSecret(deps, { smtp: input.smtp, imap: input.imap }),
    email,
    displayName: input.displayName || null,
    status: 'connected' as const,
    lastError: null,
    updatedAt: now,
  };
  const mailbox = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(gmailAccounts)
      .values({ ...values, createdBy: actor.userId, createdAt: now })
      .onConflictDoUpdate({ target: [gmailAccounts.workspaceId, gmailAccounts.googleUserId], set: values })
      .returning();
    await recordMailboxActivity(tx, now, actor, row!, 'mailbox.connected');
    return row!;
  });
  await syncAliases(
    deps.db,
    workspaceId,
    mailbox.id,
    [{ sendAsEmail: email, displayName: input.displayName ?? undefined, isPrimary: true, isDefault: true }],
    now,
  );
  const current = await getDefaultSender(deps.db, workspaceId);
  const defaultMailbox = current.accountId
    ? await findAccount(deps.db, workspaceId, current.accountId)
    : undefined;
  if (defaultMailbox?.status !== 'connected')
    await setDefaultSender(deps.db, workspaceId, mailbox.id, email, now);
  return mailbox;
}

/**
 * PUT /api/mailboxes/{id}/smtp: new server settings or passwords, tried before they are saved; a mailbox
 * held for lost credentials is connected again and its waiting sends go.
 */
export async function updateSmtpMailbox(
  deps: CoreDeps,
  workspaceId: string,
  mailboxId: string,
  input: UpdateSmtpMailboxInput,
): Promise<MailboxRow> {
  const mailbox = await findAccount(deps.db, workspaceId, mailboxId);
  if (mailbox?.provider !== 'smtp') throw new AppError('NOT_FOUND', GMAIL_ACCOUNT_NOT_FOUND);
  await verifyMailServers(deps, input);
  const now = deps.clock.now();
  await updateAccount(deps.db, workspaceId, mailboxId, {
    connectionSecret: sealSmtpSecret(deps, { smtp: input.smtp, imap: input.imap }),
    ...(input.displayName !== undefined ? { displayName: input.displayName || null } : {}),
    status: 'connected',
    lastError: null,
    updatedAt: now,
  });
  return (await findAccount(deps.db, workspaceId, mailboxId))!;
}
