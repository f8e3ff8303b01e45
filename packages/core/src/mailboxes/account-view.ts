import type { GmailAccount, SenderRejections } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { NO_SENDER_REJECTIONS, senderRejectionsOf } from '../tracking/sender-rejections';
import {
  findAccount,
  type GmailAliasRow,
  getDefaultSender,
  listAccounts,
  listAliases,
  type MailboxRow,
} from './account-store';
import { sendingLimitsOf } from './sending-limits';

export function toGmailAccount(
  row: MailboxRow,
  aliases: GmailAliasRow[],
  isDefault: boolean,
  now: Date,
  senderRejections: SenderRejections = NO_SENDER_REJECTIONS,
): GmailAccount {
  return {
    id: row.id,
    googleUserId: row.googleUserId,
    email: row.email,
    displayName: row.displayName,
    scopes: row.scopes,
    provider: row.provider,
    status: row.status,
    accountKind: row.accountKind,
    sandbox: row.sandbox,
    isDefault,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    aliasOptions: aliases
      .filter((a) => a.accountId === row.id)
      .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || a.sendAsEmail.localeCompare(b.sendAsEmail))
      .map((a) => ({
        sendAsEmail: a.sendAsEmail,
        displayName: a.displayName,
        verificationStatus: a.verificationStatus,
        isPrimary: a.isPrimary,
        isDefault: a.isDefaultAlias,
      })),
    sendingLimits: sendingLimitsOf(row, now),
    paused: row.pausedAt ? { at: row.pausedAt.toISOString(), reason: row.pausedReason } : null,
    senderRejections,
  };
}

/** GET /api/gmail/accounts: the user's mailboxes, oldest first, with aliases and the default marked. */
export async function listGmailAccounts(deps: CoreDeps, workspaceId: string): Promise<GmailAccount[]> {
  const rows = await listAccounts(deps.db, workspaceId);
  const aliases = await listAliases(
    deps.db,
    workspaceId,
    rows.map((r) => r.id),
  );
  const { accountId } = await getDefaultSender(deps.db, workspaceId);
  const now = deps.clock.now();
  const rejections = await senderRejectionsOf(
    deps.db,
    rows.map((r) => r.id),
    now,
  );
  return rows.map((row) => toGmailAccount(row, aliases, row.id === accountId, now, rejections.get(row.id)));
}

export async function getGmailAccount(deps: CoreDeps, workspaceId: string, accountId: string) {
  const row = await findAccount(deps.db, workspaceId, accountId);
  if (!row) return undefined;
  const aliases = await listAliases(deps.db, workspaceId, [row.id]);
  const { accountId: defaultId } = await getDefaultSender(deps.db, workspaceId);
  const now = deps.clock.now();
  const rejections = await senderRejectionsOf(deps.db, [row.id], now);
  return toGmailAccount(row, aliases, row.id === defaultId, now, rejections.get(row.id));
}
