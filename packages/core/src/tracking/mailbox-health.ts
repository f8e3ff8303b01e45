import { emailSends, gmailAccounts } from '@prospector/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';
import type { Tx } from '../engine/engine-deps';
import { recordMailboxEvent } from '../webhooks/record-event';

/** A mailbox is paused when hard bounces pass this share of its latest sends... */
export const MAX_HARD_BOUNCE_RATE = 0.05;
/** ...counted over this many of its latest sent emails... */
export const BOUNCE_RATE_WINDOW = 100;
/** ...once it has sent at least this many. */
export const BOUNCE_RATE_MIN_SENDS = 20;

export const bounceRatePausedReason = (bounces: number, sends: number) =>
  `Paused automatically: ${bounces} of the last ${sends} emails bounced (${Math.round((bounces / sends) * 1000) / 10}%, above 5%). Clean the email list, then resume.`;

/**
 * After a hard bounce from a mailbox: pauses it when more than 5% of its last 100 sent emails (at least 20)
 * hard-bounced, so its reputation is not burnt. Its sends wait until the user resumes it. Returns whether
 * it paused the mailbox now.
 */
export async function pauseOnBounceRate(tx: Tx, accountId: string, at: Date): Promise<boolean> {
  const [row] = await queryRows<{ sends: number; bounces: number }>(
    tx,
    sql`select count(*)::int as sends, count(bounced_at)::int as bounces from (
      select ${emailSends.bouncedAt} as bounced_at from ${emailSends}
      where ${emailSends.senderAccountId} = ${accountId} and ${emailSends.sentAt} is not null
      order by ${emailSends.sentAt} desc limit ${BOUNCE_RATE_WINDOW}) latest`,
  );
  if (!row || row.sends < BOUNCE_RATE_MIN_SENDS || row.bounces / row.sends <= MAX_HARD_BOUNCE_RATE)
    return false;
  const paused = await tx
    .update(gmailAccounts)
    .set({ pausedAt: at, pausedReason: bounceRatePausedReason(row.bounces, row.sends), updatedAt: at })
    .where(and(eq(gmailAccounts.id, accountId), isNull(gmailAccounts.pausedAt)))
    .returning({ id: gmailAccounts.id, reason: gmailAccounts.pausedReason });
  if (paused[0]) await recordMailboxEvent(tx, 'mailbox.paused', accountId, at, paused[0].reason);
  return paused.length > 0;
}
