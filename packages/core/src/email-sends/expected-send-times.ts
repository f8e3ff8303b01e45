import { emailSends, gmailAccounts } from '@prospector/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CoreDeps } from '../deps';
import { QUOTA_WINDOW_MS } from '../quota/quota-policy';
import { limitFor, sentInWindowByEmail } from '../quota/quota-store';

/** The most queued emails of one mailbox walked through for the estimate. */
const QUEUE_SCAN = 10_000;

interface Listed {
  id: string;
  senderAccountId: string | null;
}

/**
 * When each listed scheduled or waiting email should go, at the earliest, from its mailbox's pace: the
 * mailbox's queue (every email it has scheduled, due first) is walked from when it may next send, one email
 * per average gap, never before an email's own time; past the rest of its daily limit an email waits for
 * the rolling 24-hour window to free up (estimated as a day later). Emails whose mailbox cannot send now
 * (disconnected, removed, paused) get no estimate: their waiting reason says why.
 */
export async function expectedSendTimes(
  deps: CoreDeps,
  workspaceId: string,
  listed: Listed[],
): Promise<Map<string, Date>> {
  const result = new Map<string, Date>();
  const wanted = new Set(listed.map((row) => row.id));
  const accountIds = [...new Set(listed.map((row) => row.senderAccountId).filter((id) => id !== null))];
  if (accountIds.length === 0) return result;
  const now = deps.clock.now();
  const accounts = await deps.db
    .select()
    .from(gmailAccounts)
    .where(and(eq(gmailAccounts.workspaceId, workspaceId), inArray(gmailAccounts.id, accountIds)));
  const live = accounts.filter((account) => account.status === 'connected' && !account.pausedAt);
  const sent = await sentInWindowByEmail(
    deps.db,
    workspaceId,
    live.map((account) => account.email),
    now,
  );
  for (const account of live) {
    const queue = await deps.db
      .select({ id: emailSends.id, scheduledFor: emailSends.scheduledFor })
      .from(emailSends)
      .where(
        and(eq(emailSends.senderAccountId, account.id), inArray(emailSends.state, ['scheduled', 'sending'])),
      )
      .orderBy(asc(emailSends.scheduledFor), asc(emailSends.id))
      .limit(QUEUE_SCAN);
    const gapMs = ((account.minGapSeconds + account.maxGapSeconds) / 2) * 1000;
    const limit = limitFor(account, now);
    let left = Math.max(0, limit - (sent.get(account.email.toLowerCase()) ?? 0));
    let free = account.nextSendAt && account.nextSendAt > now ? account.nextSendAt : now;
    for (const send of queue) {
      if (left === 0) {
        free = new Date(free.getTime() + QUOTA_WINDOW_MS);
        left = limit;
      }
      const at = send.scheduledFor > free ? send.scheduledFor : free;
      left -= 1;
      if (wanted.has(send.id)) result.set(send.id, at);
      free = new Date(at.getTime() + gapMs);
    }
  }
  return result;
}
