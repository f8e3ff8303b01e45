import { type AppDb, emailLogs, gmailAccounts } from '@prospector/db';
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import { queryRows } from '../contacts/sql-rows';
import type { MailboxRow } from '../mailboxes/account-store';
import { providerLimits } from '../mailboxes/providers';
import { defaultDailyLimit, QUOTA_WINDOW_MS } from './quota-policy';

/** Sends handed to the provider, and ones being handed, count; failed ones do not. */
const COUNTED = ['queued', 'sent'] as const;

export type Executor = Pick<AppDb, 'select'>;

/** How many emails the user sent from each of these addresses in the 24 hours before `now`, by address. */
export async function sentInWindowByEmail(
  db: Executor,
  workspaceId: string,
  senderEmails: string[],
  now: Date,
): Promise<Map<string, number>> {
  const emails = senderEmails.map((email) => email.toLowerCase());
  if (emails.length === 0) return new Map();
  const since = new Date(now.getTime() - QUOTA_WINDOW_MS);
  const rows = await db
    .select({ email: emailLogs.senderEmail, n: count() })
    .from(emailLogs)
    .where(
      and(
        eq(emailLogs.workspaceId, workspaceId),
        inArray(emailLogs.senderEmail, emails),
        gt(emailLogs.createdAt, since),
        inArray(emailLogs.status, [...COUNTED]),
      ),
    )
    .groupBy(emailLogs.senderEmail);
  return new Map(rows.map((row) => [row.email ?? '', row.n]));
}

/** How many emails the user sent from this address in the 24 hours before `now`. */
export async function sentInWindow(db: Executor, workspaceId: string, senderEmail: string, now: Date) {
  const counts = await sentInWindowByEmail(db, workspaceId, [senderEmail], now);
  return counts.get(senderEmail.toLowerCase()) ?? 0;
}

export const limitFor = (account: MailboxRow, now: Date) =>
  account.dailyLimit ?? defaultDailyLimit(account, providerLimits(account).maxDailyLimit, now);

export const quotaExceededMessage = (email: string) => `Daily sending limit reached for ${email}`;

export interface Reservation {
  logId: string;
}

/**
 * Claims one send from the account's rolling 24-hour quota by writing the email_logs row as 'queued'.
 * The account row is locked (FOR UPDATE) while counting, so concurrent senders in any number of processes
 * cannot overshoot the limit.
 */
export async function reserveSend(
  db: AppDb,
  account: MailboxRow,
  log: Omit<typeof emailLogs.$inferInsert, 'workspaceId' | 'status' | 'createdAt'>,
  now: Date,
): Promise<Reservation> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: gmailAccounts.id })
      .from(gmailAccounts)
      .where(and(eq(gmailAccounts.id, account.id), eq(gmailAccounts.workspaceId, account.workspaceId)))
      .for('update');
    if (!locked) throw new AppError('NOT_FOUND', 'Gmail account not found');
    const used = await sentInWindow(tx, account.workspaceId, account.email, now);
    if (used >= limitFor(account, now)) {
      throw new AppError('QUOTA_EXCEEDED', quotaExceededMessage(account.email));
    }
    const [row] = await tx
      .insert(emailLogs)
      .values({
        ...log,
        workspaceId: account.workspaceId,
        senderAccountId: account.id,
        senderEmail: account.email.toLowerCase(),
        status: 'queued',
        createdAt: now,
      })
      .returning({ id: emailLogs.id });
    return { logId: row!.id };
  });
}

export async function finishSend(
  db: AppDb,
  workspaceId: string,
  logId: string,
  result: { status: 'sent'; messageId: string; sentAt: Date } | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .update(emailLogs)
    .set(result)
    .where(and(eq(emailLogs.workspaceId, workspaceId), eq(emailLogs.id, logId)));
}

/** Gmail accepted the message: its email_logs row becomes sent and the mailbox's lastUsedAt moves, in one statement. */
export async function recordSent(
  db: AppDb,
  account: Pick<MailboxRow, 'id' | 'workspaceId'>,
  logId: string,
  sent: { messageId: string; sentAt: Date },
): Promise<void> {
  const sentAt = sql`${sent.sentAt.toISOString()}::timestamptz`;
  await queryRows(
    db,
    sql`with logged as (
        update ${emailLogs} set status = 'sent', message_id = ${sent.messageId}, sent_at = ${sentAt}
        where ${emailLogs.workspaceId} = ${account.workspaceId} and ${emailLogs.id} = ${logId}
        returning 1)
      update ${gmailAccounts} set last_used_at = ${sentAt}
      where ${gmailAccounts.workspaceId} = ${account.workspaceId} and ${gmailAccounts.id} = ${account.id}`,
  );
}
