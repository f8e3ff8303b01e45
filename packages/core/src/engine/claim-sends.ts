import { contacts, emailLogs, emailSends, gmailAccounts, sequences } from '@prospector/db';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';
import { limitFor, quotaExceededMessage, sentInWindow } from '../quota/quota-store';
import { drawGapSeconds } from '../schedule/mailbox-pacing';
import { CLAIM_BATCH, type EngineDeps, type Tx } from './engine-deps';
import { dueSend, mailboxReady, sendMayGo } from './send-conditions';

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The mailboxes that have a claimable due send and may send now, by id: the same list for every worker. */
export async function readyMailboxes(deps: EngineDeps): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(deps.db, readyMailboxesSql(deps.clock.now()));
  return rows.map((row) => row.id);
}

export const readyMailboxesSql = (now: Date) =>
  sql`select ${gmailAccounts.id} as id from ${gmailAccounts}
    where ${mailboxReady(now)} and exists (
      select 1 from ${emailSends} where ${emailSends.senderAccountId} = ${gmailAccounts.id}
        and ${dueSend(now)} and ${sendMayGo()})
    order by ${gmailAccounts.id}`;

/** The due sends a claim takes from a mailbox, at most `take`, in claim order, locked (SKIP LOCKED). */
export const pickDueSendsSql = (accountId: string, now: Date, take: number) =>
  sql`select ${emailSends.id} as id from ${emailSends}
    where ${emailSends.senderAccountId} = ${accountId} and ${dueSend(now)} and ${sendMayGo()}
    order by ${followUpFirst}, ${emailSends.scheduledFor}, ${emailSends.id}
    limit ${take}
    for update skip locked`;

/**
 * Claims due sends of one mailbox, exactly once across any number of workers: the mailbox row is locked
 * (SKIP LOCKED: another worker busy with it means this one moves on), no more than the rest of its rolling
 * 24-hour quota is taken, and each send moves scheduled -> sending with a guarded UPDATE over rows locked
 * with SKIP LOCKED. With a gap, one send is claimed and the mailbox's next send time moves on by a gap
 * drawn uniformly from [minGapSeconds, maxGapSeconds]. Each claimed send takes its unit of quota in the
 * same statement, as an email_logs row 'queued' (the count is right: the mailbox row is locked, as
 * reserveSend locks it), so handing it to the provider needs no reservation of its own. At most `limit`
 * sends are taken (a dispatch round's share). Returns the claimed send ids.
 */
export async function claimMailboxSends(
  deps: EngineDeps,
  accountId: string,
  options: { limit?: number; random?: () => number } = {},
): Promise<string[]> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(gmailAccounts)
      .where(and(eq(gmailAccounts.id, accountId), mailboxReady(now)))
      .for('update', { skipLocked: true });
    if (!account) return [];
    // Claimed sends without a quota row (claimed before quota rows were taken at claim) count too.
    const used =
      (await sentInWindow(tx, account.workspaceId, account.email, now)) + (await unreserved(tx, account.id));
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
    const take = spaced ? 1 : Math.min(remaining, CLAIM_BATCH, options.limit ?? CLAIM_BATCH);
    // The pick is a materialized CTE: it runs once, so LIMIT holds (an IN (subquery) may be rescanned).
    const claimed = await queryRows<{ id: string }>(
      tx,
      sql`with picked as materialized (${pickDueSendsSql(account.id, now, take)}),
        claimed as (
          update ${emailSends}
          set state = 'sending', claimed_at = ${iso(now)}, attempts = ${emailSends.attempts} + 1,
            waiting_reason = null, updated_at = ${iso(now)}
          from picked
          where ${emailSends.id} = picked.id and ${emailSends.state} = 'scheduled'
          returning ${emailSends.id} as id, ${emailSends.workspaceId} as workspace_id,
            ${emailSends.sequenceId} as sequence_id, ${emailSends.sequenceContactId} as sequence_contact_id,
            ${emailSends.contactId} as contact_id, ${emailSends.stepId} as step_id,
            ${emailSends.templateId} as template_id, ${emailSends.subject} as subject,
            ${emailSends.messageId} as message_id),
        reserved as (
          insert into ${emailLogs} (workspace_id, email_send_id, sequence_id, sequence_contact_id, contact_id,
            step_id, template_id, sender_account_id, sender_email, to_email, subject, status,
            email_provider, message_id, is_test_email, created_at)
          select claimed.workspace_id, claimed.id, claimed.sequence_id, claimed.sequence_contact_id,
            claimed.contact_id, claimed.step_id, claimed.template_id, ${account.id}::uuid,
            ${account.email.toLowerCase()}, lower(trim(${contacts.email})), claimed.subject, 'queued',
            ${account.provider}, claimed.message_id, false, ${iso(now)}
          from claimed join ${contacts} on ${contacts.id} = claimed.contact_id
          returning 1)
        select id from claimed`,
    );
    if (claimed.length > 0 && spaced) {
      const gap = drawGapSeconds(account.minGapSeconds, account.maxGapSeconds, options.random);
      await tx
        .update(gmailAccounts)
        .set({ nextSendAt: new Date(now.getTime() + gap * 1000) })
        .where(eq(gmailAccounts.id, account.id));
    }
    return claimed.map((row) => row.id);
  });
}

/**
 * Decision 021: within the daily limit, a due follow-up of a sequence that puts follow-ups first goes
 * before first emails, so threads do not go cold behind new leads.
 */
const followUpFirst = sql`(${emailSends.followUp} and exists (select 1 from ${sequences}
  where ${sequences.id} = ${emailSends.sequenceId} and ${sequences.followUpsFirst})) desc`;

/** Sends of the mailbox in 'sending' that hold no 'queued' email_logs row (so are not in the rolling count). */
async function unreserved(tx: Tx, accountId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${emailSends}
      where ${emailSends.state} = 'sending' and ${emailSends.senderAccountId} = ${accountId}
        and not exists (select 1 from ${emailLogs}
          where ${emailLogs.emailSendId} = ${emailSends.id} and ${emailLogs.status} = 'queued')`,
  );
  return Number(row?.n ?? 0);
}
