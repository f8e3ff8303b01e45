import type { Mailbox, MailboxHealth } from '@prospector/contracts';
import type { CoreDeps } from '../deps';
import { listHealthReports } from '../sender-health/health-store';
import { healthSummary } from '../sender-health/health-summary';
import { senderRejectionsOf } from '../tracking/sender-rejections';
import { findAccount, getDefaultSender, listAccounts, listAliases, type MailboxRow } from './account-store';
import { toGmailAccount } from './account-view';
import { mailboxSendingLimits } from './provider-ceiling';

const RECONNECT: Record<MailboxRow['provider'], string> = {
  gmail: 'Google no longer accepts this connection: connect the account again',
  microsoft: 'Microsoft no longer accepts this connection: connect the account again',
  smtp: 'The mail server no longer accepts its login: enter its password again',
};

function healthOf(
  row: MailboxRow,
  mailbox: Omit<Mailbox, 'health' | 'dailyLimit' | 'senderHealth'>,
): MailboxHealth {
  const reason =
    row.status === 'disconnected'
      ? 'Disconnected: its sequences’ emails wait until it is connected again'
      : row.status === 'token_expired'
        ? RECONNECT[row.provider]
        : row.status === 'error'
          ? (row.lastError ?? 'The provider refused its last request')
          : mailbox.paused
            ? `Sending paused${mailbox.paused.reason ? `: ${mailbox.paused.reason}` : ''}`
            : mailbox.senderRejections.count > 0
              ? `Recipients’ servers refused ${mailbox.senderRejections.count} of its emails for the sender in the last 30 days`
              : null;
  const blocked = row.status !== 'connected' || mailbox.paused !== null;
  return {
    level: blocked ? 'blocked' : reason ? 'warning' : 'ok',
    reason,
    lastError: row.lastError,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
  };
}

async function toMailboxes(deps: CoreDeps, workspaceId: string, rows: MailboxRow[]): Promise<Mailbox[]> {
  const ids = rows.map((row) => row.id);
  const aliases = await listAliases(deps.db, workspaceId, ids);
  const { accountId: defaultId } = await getDefaultSender(deps.db, workspaceId);
  const now = deps.clock.now();
  const rejections = await senderRejectionsOf(deps.db, ids, now);
  const reports = await listHealthReports(deps.db, workspaceId, ids);
  return rows.map((row) => {
    const {
      googleUserId: _id,
      scopes: _scopes,
      ...account
    } = toGmailAccount(row, aliases, row.id === defaultId, now, rejections.get(row.id));
    const sendingLimits = mailboxSendingLimits(row, now);
    const mailbox = { ...account, sendingLimits };
    return {
      ...mailbox,
      dailyLimit: sendingLimits.effectiveDailyLimit,
      health: healthOf(row, mailbox),
      senderHealth: healthSummary(row, reports.get(row.id)),
    };
  });
}

/** GET /api/mailboxes: the user's mailboxes of every provider, oldest first. */
export async function listMailboxes(deps: CoreDeps, workspaceId: string): Promise<Mailbox[]> {
  return toMailboxes(deps, workspaceId, await listAccounts(deps.db, workspaceId));
}

export async function getMailbox(deps: CoreDeps, workspaceId: string, mailboxId: string) {
  const row = await findAccount(deps.db, workspaceId, mailboxId);
  if (!row) return undefined;
  const [mailbox] = await toMailboxes(deps, workspaceId, [row]);
  return mailbox;
}
