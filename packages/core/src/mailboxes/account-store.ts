import { type AppDb, gmailAccounts, gmailAliases, workspaces } from '@prospector/db';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { AppError } from '../app-error';
import { recordMailboxEvent } from '../webhooks/record-event';

/** The mailbox record's not-found message (every provider's mailbox lives in the same table). */
export const GMAIL_ACCOUNT_NOT_FOUND = 'Gmail account not found';

export const reconnectMessage = (email: string) => `${email} needs to be reconnected`;

/** Queries on gmail_accounts and gmail_aliases, every one scoped by the owning user. */
/** A connected mailbox of any provider (one row of the mailbox table). */
export type MailboxRow = typeof gmailAccounts.$inferSelect;
export type GmailAliasRow = typeof gmailAliases.$inferSelect;

export async function findAccount(db: AppDb, workspaceId: string, accountId: string) {
  if (!isUuid(accountId)) return undefined;
  const [row] = await db
    .select()
    .from(gmailAccounts)
    .where(and(eq(gmailAccounts.workspaceId, workspaceId), eq(gmailAccounts.id, accountId)))
    .limit(1);
  return row;
}

/** The user's mailbox, or a 404 saying `notFound` (another user's mailbox is not found either). */
export async function requireAccount(
  db: AppDb,
  workspaceId: string,
  accountId: string,
  notFound = GMAIL_ACCOUNT_NOT_FOUND,
) {
  const account = await findAccount(db, workspaceId, accountId);
  if (!account) throw new AppError('NOT_FOUND', notFound);
  return account;
}

export function listAccounts(db: AppDb, workspaceId: string): Promise<MailboxRow[]> {
  return db
    .select()
    .from(gmailAccounts)
    .where(eq(gmailAccounts.workspaceId, workspaceId))
    .orderBy(asc(gmailAccounts.createdAt), asc(gmailAccounts.id));
}

export async function listAliases(db: AppDb, workspaceId: string, accountIds: string[]) {
  if (accountIds.length === 0) return [];
  return db
    .select()
    .from(gmailAliases)
    .where(and(eq(gmailAliases.workspaceId, workspaceId), inArray(gmailAliases.accountId, accountIds)))
    .orderBy(asc(gmailAliases.sendAsEmail));
}

export async function getDefaultSender(db: AppDb, workspaceId: string) {
  const [row] = await db
    .select({
      accountId: workspaces.defaultSenderAccountId,
      sendAsEmail: workspaces.defaultSendAsEmail,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  return row ?? { accountId: null, sendAsEmail: null };
}

export async function setDefaultSender(
  db: AppDb,
  workspaceId: string,
  accountId: string | null,
  sendAsEmail: string | null,
  now: Date,
): Promise<void> {
  await db
    .update(workspaces)
    .set({ defaultSenderAccountId: accountId, defaultSendAsEmail: sendAsEmail, updatedAt: now })
    .where(eq(workspaces.id, workspaceId));
}

export async function updateAccount(
  db: AppDb,
  workspaceId: string,
  accountId: string,
  values: Partial<typeof gmailAccounts.$inferInsert>,
  options: { unlessDisconnected?: boolean } = {},
): Promise<void> {
  const where = and(
    eq(gmailAccounts.workspaceId, workspaceId),
    eq(gmailAccounts.id, accountId),
    options.unlessDisconnected ? ne(gmailAccounts.status, 'disconnected') : undefined,
  );
  if (values.status !== 'token_expired') {
    await db.update(gmailAccounts).set(values).where(where);
    return;
  }
  // A mailbox that now needs reconnecting says so once, with the event, in one transaction.
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: gmailAccounts.status })
      .from(gmailAccounts)
      .where(where)
      .for('update');
    if (!before) return;
    await tx.update(gmailAccounts).set(values).where(where);
    const at = values.updatedAt;
    if (before.status !== 'token_expired' && at instanceof Date)
      await recordMailboxEvent(tx, 'mailbox.needs_reconnect', accountId, at, values.lastError ?? null);
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids come from URLs: a malformed one is simply not found (never a database error). */
export const isUuid = (value: string) => UUID.test(value);
