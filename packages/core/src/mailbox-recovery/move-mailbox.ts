import type { MoveMailboxInput, MoveMailboxResult } from '@prospector/contracts';
import { emailSends, sequenceContacts } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { AppError } from '../app-error';
import { queryRows } from '../contacts/sql-rows';
import { type EngineDeps, requestEngineRound } from '../engine/engine-deps';
import { moveTargets, requireSequence } from './stranded-mailboxes';

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

interface MovedRow {
  id: string;
  threaded: boolean;
}

/**
 * POST /api/sequences/{id}/move-mailbox: pins the sequence's active and paused enrolments of a mailbox that
 * cannot send (or was removed: `fromAccountId` null) to a connected mailbox of the sequence, with their
 * scheduled emails. A follow-up in a Gmail thread can only continue from the mailbox that started it, so an
 * enrolment whose thread started there either stays and waits for that mailbox (`wait`), or moves and
 * sends its next emails as a new thread (`new_thread`: no In-Reply-To, the first subject without 'Re: ').
 * Never moved: an enrolment with an email being sent, or one a failed attempt may have handed to Gmail
 * (a scheduled email with attempts, which only the old mailbox can look up), so nothing is sent twice.
 */
export async function moveMailbox(
  deps: EngineDeps,
  workspaceId: string,
  sequenceId: string,
  input: MoveMailboxInput,
): Promise<MoveMailboxResult> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const sequence = await requireSequence(tx, workspaceId, sequenceId);
    const target = (await moveTargets(tx, sequence)).find((box) => box.accountId === input.toAccountId);
    if (!target) throw new AppError('VALIDATION_ERROR', 'Choose a connected mailbox of this sequence');
    if (input.fromAccountId === input.toAccountId) {
      throw new AppError('VALIDATION_ERROR', 'Choose another mailbox than the one the emails wait for');
    }
    const from = input.fromAccountId
      ? sql`${sequenceContacts.senderAccountId} = ${input.fromAccountId}::uuid`
      : sql`${sequenceContacts.senderAccountId} is null`;
    const candidates = await queryRows<MovedRow & { blocked: boolean }>(
      tx,
      sql`select ${sequenceContacts.id} as id, ${sequenceContacts.threadId} is not null as threaded,
          exists (select 1 from ${emailSends} where ${emailSends.sequenceContactId} = ${sequenceContacts.id}
            and (${emailSends.state} = 'sending' or (${emailSends.state} = 'scheduled' and ${emailSends.attempts} > 0))) as blocked
        from ${sequenceContacts}
        where ${sequenceContacts.workspaceId} = ${workspaceId} and ${sequenceContacts.sequenceId} = ${sequence.id}
          and ${sequenceContacts.status} in ('active', 'paused') and ${sequenceContacts.currentStepId} is not null
          and ${from}
        order by ${sequenceContacts.id}
        for update of ${sequenceContacts}`,
    );
    const moving = candidates.filter(
      (row) => !row.blocked && (input.threads === 'new_thread' || !row.threaded),
    );
    if (moving.length === 0) {
      return { movedEnrolments: 0, movedEmails: 0, newThreads: 0, leftWaiting: candidates.length };
    }
    const ids = moving.map((row) => row.id);
    const restarted = moving.filter((row) => row.threaded).map((row) => row.id);
    const idList = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const restartedList = restarted.length
      ? sql.join(
          restarted.map((id) => sql`${id}::uuid`),
          sql`, `,
        )
      : sql`null::uuid`;
    await tx.execute(
      sql`update ${sequenceContacts} set sender_account_id = ${target.accountId}::uuid, send_as_email = null,
          thread_id = case when ${sequenceContacts.id} in (${restartedList}) then null else ${sequenceContacts.threadId} end,
          thread_message_ids = case when ${sequenceContacts.id} in (${restartedList}) then '{}'::text[] else ${sequenceContacts.threadMessageIds} end,
          updated_at = ${iso(now)}
        where ${sequenceContacts.id} in (${idList})`,
    );
    const emails = await queryRows<{ id: string }>(
      tx,
      sql`update ${emailSends} set sender_account_id = ${target.accountId}::uuid, send_as_email = null,
          waiting_reason = null,
          in_reply_to = case when ${emailSends.sequenceContactId} in (${restartedList}) then null else ${emailSends.inReplyTo} end,
          subject = case when ${emailSends.sequenceContactId} in (${restartedList}) and ${emailSends.inReplyTo} is not null
            then regexp_replace(${emailSends.subject}, '^Re: ', '') else ${emailSends.subject} end,
          updated_at = ${iso(now)}
        where ${emailSends.sequenceContactId} in (${idList}) and ${emailSends.state} = 'scheduled'
        returning ${emailSends.id} as id`,
    );
    return {
      movedEnrolments: moving.length,
      movedEmails: emails.length,
      newThreads: restarted.length,
      leftWaiting: candidates.length - moving.length,
    };
  });
  if (result.movedEmails > 0) await requestEngineRound(deps);
  return result;
}
