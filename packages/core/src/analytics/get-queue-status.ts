import type { MailboxSendingStatus, QueueStatus } from '@prospector/contracts';
import { emailLogs, emailSends } from '@prospector/db';
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { DAY_MS } from '../clock';
import type { CoreDeps } from '../deps';
import { UNSENT_STATE_FILTERS } from '../email-sends/unsent-states';
import { listAccounts, type MailboxRow } from '../mailboxes/account-store';
import { QUOTA_WINDOW_MS } from '../quota/quota-policy';
import { limitFor, sentInWindowByEmail } from '../quota/quota-store';
import { queueJobCounts } from './queue-job-counts';

const HOUR_MS = 3_600_000;

/**
 * When a mailbox at its limit gets quota back: the send that must leave the rolling window for one more
 * to fit, plus the window.
 */
async function quotaFreesAt(deps: CoreDeps, account: MailboxRow, sent: number, limit: number, now: Date) {
  const [row] = await deps.db
    .select({ createdAt: emailLogs.createdAt })
    .from(emailLogs)
    .where(
      and(
        eq(emailLogs.workspaceId, account.workspaceId),
        eq(emailLogs.senderEmail, account.email.toLowerCase()),
        gt(emailLogs.createdAt, new Date(now.getTime() - QUOTA_WINDOW_MS)),
        inArray(emailLogs.status, ['queued', 'sent']),
      ),
    )
    .orderBy(asc(emailLogs.createdAt))
    .offset(sent - limit)
    .limit(1);
  return row ? new Date(row.createdAt.getTime() + QUOTA_WINDOW_MS) : null;
}

async function mailboxStatuses(
  deps: CoreDeps,
  workspaceId: string,
  now: Date,
): Promise<MailboxSendingStatus[]> {
  const accounts = await listAccounts(deps.db, workspaceId);
  const sent = await sentInWindowByEmail(
    deps.db,
    workspaceId,
    accounts.map((account) => account.email),
    now,
  );
  const queuedRows = await deps.db
    .select({ accountId: emailSends.senderAccountId, n: count() })
    .from(emailSends)
    .where(and(eq(emailSends.workspaceId, workspaceId), inArray(emailSends.state, ['scheduled', 'sending'])))
    .groupBy(emailSends.senderAccountId);
  const queued = new Map(queuedRows.map((row) => [row.accountId, Number(row.n)]));
  return Promise.all(
    accounts.map(async (account) => {
      const sentToday = sent.get(account.email.toLowerCase()) ?? 0;
      const dailyLimit = limitFor(account, now);
      let next: Date | null = null;
      if (!account.pausedAt && account.status === 'connected') {
        next = account.nextSendAt && account.nextSendAt > now ? account.nextSendAt : now;
        if (sentToday >= dailyLimit) {
          const frees = await quotaFreesAt(deps, account, sentToday, dailyLimit, now);
          if (frees && frees > next) next = frees;
        }
      }
      return {
        accountId: account.id,
        email: account.email,
        status: account.status,
        sentToday,
        dailyLimit,
        nextSendAt: next?.toISOString() ?? null,
        pausedReason: account.pausedAt ? (account.pausedReason ?? 'Paused') : null,
        minGapSeconds: account.minGapSeconds,
        maxGapSeconds: account.maxGapSeconds,
        queued: queued.get(account.id) ?? 0,
      };
    }),
  );
}

/**
 * GET /api/queue/status: how the user's sending is doing: their queued jobs per queue and state, scheduled
 * sends that are due and how late the oldest is, sends of the last hour and day, and each mailbox's use of
 * its daily limit and when it may send next.
 */
export async function getQueueStatus(deps: CoreDeps, workspaceId: string): Promise<QueueStatus> {
  const now = deps.clock.now();
  const isDue = sql`${emailSends.state} = 'scheduled' and ${emailSends.scheduledFor} <= ${now}`;
  const sentSince = (ms: number) =>
    sql<number>`count(*) filter (where ${emailSends.state} = 'sent' and ${emailSends.sentAt} > ${new Date(now.getTime() - ms)})::int`;
  const [[sends], jobs, mailboxes] = await Promise.all([
    deps.db
      .select({
        due: sql<number>`count(*) filter (where ${isDue})::int`,
        oldestDue: sql<Date | string | null>`min(${emailSends.scheduledFor}) filter (where ${isDue})`,
        scheduled: sql<number>`count(*) filter (where ${UNSENT_STATE_FILTERS.scheduled})::int`,
        waiting: sql<number>`count(*) filter (where ${UNSENT_STATE_FILTERS.waiting})::int`,
        paused: sql<number>`count(*) filter (where ${UNSENT_STATE_FILTERS.paused})::int`,
        failed: sql<number>`count(*) filter (where ${UNSENT_STATE_FILTERS.failed})::int`,
        lastHour: sentSince(HOUR_MS),
        lastDay: sentSince(DAY_MS),
      })
      .from(emailSends)
      .where(eq(emailSends.workspaceId, workspaceId)),
    queueJobCounts(deps, workspaceId),
    mailboxStatuses(deps, workspaceId, now),
  ]);
  const oldestDue = sends?.oldestDue ? new Date(sends.oldestDue) : null;
  return {
    jobs,
    dueSends: Number(sends?.due ?? 0),
    oldestDueLagSeconds: oldestDue
      ? Math.max(0, Math.floor((now.getTime() - oldestDue.getTime()) / 1000))
      : null,
    scheduledSends: Number(sends?.scheduled ?? 0),
    waitingSends: Number(sends?.waiting ?? 0),
    pausedSends: Number(sends?.paused ?? 0),
    failedSends: Number(sends?.failed ?? 0),
    sentLastHour: Number(sends?.lastHour ?? 0),
    sentLastDay: Number(sends?.lastDay ?? 0),
    mailboxes,
    generatedAt: now.toISOString(),
  };
}
