import { emailSends, gmailAccounts } from '@prospector/db';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';
import { limitFor, quotaExceededMessage, sentInWindow } from '../quota/quota-store';
import { drawGapSeconds } from '../schedule/mailbox-pacing';
import { CLAIM_BATCH, type EngineDeps, type Tx } from './engine-deps';
import { dueSend, mailboxReady, sendMayGo } from './send-conditions';

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The mailboxes that have a claimable due send and may send now. */
export async function readyMailboxes(deps: EngineDeps): Promise<string[]> {
  const now = deps.clock.now();
  const rows = await queryRows<{ id: string }>(
    deps.db,
    sql`select ${gmailAccounts.id} as id from ${gmailAccounts}
      where ${mailboxReady(now)} and exists (
        select 1 from ${emailSends} where ${emailSends.senderAccountId} = ${gmailAccounts.id}
          and ${dueSend(now)} and ${sendMayGo()})`,
  );
  return rows.map((row) => row.id);
}

/**
 * Claims due sends of one mailbox, exactly once across any number of workers: the mailbox row is locked
 * (SKIP LOCKED: another worker busy with it means this one moves on), no more than the rest of its rolling
 * 24-hour quota is taken, and each send moves scheduled -> sending with a guarded UPDATE over rows locked
 * with SKIP LOCKED. With a gap, one send is claimed and the mailbox's next send time moves on by a gap
 * drawn uniformly from [minGapSeconds, maxGapSeconds]. Returns the claimed send ids.
 */
export async function claimMailboxSends(
  deps: EngineDeps,
  accountId: string,
  random: () => number = Math.random,
): Promise<string[]> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(gmailAccounts)
      .where(and(eq(gmailAccounts.id, accountId), mailboxReady(now)))
      .for('update', { skipLocked: true });
    if (!account) return [];
    // Claimed sends not yet reserved count too, so two claims in a row cannot both take the last unit.
    const used =
      (await sentInWindow(tx, account.userId, account.email, now)) + (await inFlight(tx, account.id));
    const remaining = limitFor(account, now) - used;
    if (remaining <= 0) {
      await tx.execute(
        sql`update ${emailSends} set waiting_reason = ${quotaExceededMessage(account.email)}
          where ${emailSends.senderAccountId} = ${account.id} and ${dueSend(now)}
            and ${emailSends.waitingReason} is distinct from ${quotaExceededMessage(account.email)}`,
      );
      return [];
    }
    const spaced = account.maxGapSeconds > 0;
    const take = spaced ? 1 : Math.min(remaining, CLAIM_BATCH);
    // The pick is a materialized CTE: it runs once, so LIMIT holds (an IN (subquery) may be rescanned).
    const claimed = await queryRows<{ id: string }>(
      tx,
      sql`with picked as materialized (
          select ${emailSends.id} as id from ${emailSends}
          where ${emailSends.senderAccountId} = ${account.id} and ${dueSend(now)} and ${sendMayGo()}
          order by ${emailSends.scheduledFor}, ${emailSends.id}
          limit ${take}
          for update skip locked)
        update ${emailSends}
        set state = 'sending', claimed_at = ${iso(now)}, attempts = ${emailSends.attempts} + 1,
          waiting_reason = null, updated_at = ${iso(now)}
        from picked
        where ${emailSends.id} = picked.id and ${emailSends.state} = 'scheduled'
        returning ${emailSends.id} as id`,
    );
    if (claimed.length > 0 && spaced) {
      const gap = drawGapSeconds(account.minGapSeconds, account.maxGapSeconds, random);
      await tx
        .update(gmailAccounts)
        .set({ nextSendAt: new Date(now.getTime() + gap * 1000) })
        .where(eq(gmailAccounts.id, account.id));
    }
    return claimed.map((row) => row.id);
  });
}

/** Sends of the mailbox claimed and not yet recorded (they may or may not have reached the quota log). */
async function inFlight(tx: Tx, accountId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${emailSends}
      where ${emailSends.state} = 'sending' and ${emailSends.senderAccountId} = ${accountId}`,
  );
  return Number(row?.n ?? 0);
}
