import { emailLogs, emailSends, gmailAccounts, sequenceContacts } from '@prospector/db';
import { sql } from 'drizzle-orm';
import { queryRows } from '../contacts/sql-rows';
import { reactionDeadline } from '../schedule/send-time';
import { EMAIL_JOINS, emailJson } from '../webhooks/event-json';
import { outboxCtes } from '../webhooks/outbox';
import type { EngineDeps } from './engine-deps';

export interface SentMessage {
  gmailMessageId: string;
  threadId: string;
  sentAt: Date;
}

export interface SendingRow {
  id: string;
  sequenceContactId: string;
  stepId: string | null;
  subject: string;
  messageId: string | null;
  reactionWindowHours: number;
  reactionWindowMinutes: number;
  userId: string;
  senderAccountId: string | null;
  /** The quota row ('queued' email_logs) its claim took; marked sent here, with the mailbox's lastUsedAt. */
  logId: string | null;
}

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Marks a send that Gmail accepted, in one statement (so one transaction): the send becomes sent with
 * Gmail's ids and the time; its enrolment learns its thread (the first email's thread and subject, every
 * Message-ID sent in it) and is next looked at when the reaction window closes. Guarded by state
 * 'sending', so a late duplicate mark (a reconciler and a slow worker) changes nothing. The quota row the
 * claim took becomes sent and the mailbox's lastUsedAt moves, in the same statement. Returns whether this
 * call marked it.
 */
export async function markSent(deps: EngineDeps, send: SendingRow, sent: SentMessage): Promise<boolean> {
  const now = deps.clock.now();
  const deadline = reactionDeadline(sent.sentAt, send.reactionWindowHours, send.reactionWindowMinutes);
  const enrolment = sequenceContacts;
  const inThread = sql`(${enrolment.threadId} is null or ${enrolment.threadId} = ${sent.threadId})`;
  const messageIds = send.messageId
    ? sql`case when ${inThread} then array_append(${enrolment.threadMessageIds}, ${send.messageId}::text)
        else ${enrolment.threadMessageIds} end`
    : sql`${enrolment.threadMessageIds}`;
  const [row] = await queryRows<{ n: number }>(
    deps.db,
    sql`with marked as (
        update ${emailSends} set state = 'sent', gmail_message_id = ${sent.gmailMessageId},
          gmail_thread_id = ${sent.threadId}, sent_at = ${iso(sent.sentAt)}, waiting_reason = null,
          last_error = null, updated_at = ${iso(now)}
        where ${emailSends.id} = ${send.id} and ${emailSends.state} = 'sending'
        returning ${emailSends.sequenceContactId} as enrolment_id, ${emailSends.id} as send_id),
      moved as (
        update ${enrolment} set
          thread_id = coalesce(${enrolment.threadId}, ${sent.threadId}),
          thread_subject = coalesce(${enrolment.threadSubject}, ${send.subject}),
          thread_message_ids = ${messageIds},
          next_run_at = case when ${enrolment.status} = 'active' and ${enrolment.currentStepId} = ${send.stepId}::uuid
            then ${iso(deadline)} else ${enrolment.nextRunAt} end,
          updated_at = ${iso(now)}
        from marked where ${enrolment.id} = marked.enrolment_id
        returning 1)${send.logId ? quotaMarked(send, sent) : sql``},
      ${outboxCtes(sentEvent(sent))}
      select count(*)::int as n from marked`,
  );
  return Number(row?.n ?? 0) > 0;
}

/** The `email.sent` event of the send `marked` changed (the statement sees the row as it was before). */
function sentEvent(sent: SentMessage) {
  const sentAt = sent.sentAt.toISOString();
  return sql`select e.user_id, 'email.sent'::text as type, ${sentAt}::timestamptz as occurred_at,
    ${emailJson('e')} || jsonb_build_object('sentAt', ${sentAt}::text, 'threadId', ${sent.threadId}::text) as data
    from email_sends e join marked on marked.send_id = e.id ${EMAIL_JOINS}`;
}

/** The claim's email_logs row becomes sent and the mailbox's lastUsedAt moves (what recordSent does). */
function quotaMarked(send: SendingRow, sent: SentMessage) {
  const sentAt = iso(sent.sentAt);
  return sql`,
    logged as (
      update ${emailLogs} set status = 'sent', message_id = ${send.messageId}, sent_at = ${sentAt}
      where ${emailLogs.id} = ${send.logId} and ${emailLogs.status} = 'queued'
      returning 1),
    used as (
      update ${gmailAccounts} set last_used_at = ${sentAt}
      where ${gmailAccounts.id} = ${send.senderAccountId} and ${gmailAccounts.userId} = ${send.userId}
      returning 1)`;
}
