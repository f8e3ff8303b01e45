import { type SQL, sql } from 'drizzle-orm';
import { preparedRows } from '../contacts/sql-rows';
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
  workspaceId: string;
  senderAccountId: string | null;
  /** The quota row ('queued' email_logs) its claim took; marked sent here, with the mailbox's lastUsedAt. */
  logId: string | null;
}

export interface SentMark {
  send: SendingRow;
  sent: SentMessage;
}

/**
 * The state a mark looks for, bound as a value rather than written in the statement. The statement is
 * planned once per connection and must find its sends by id: with 'sending' written out, the plan may read
 * the partial index of sends in flight, which keeps an entry for every send that has left that state until
 * the table is vacuumed (6,000 entries read by each mark at the end of a burst of 6,000 emails).
 */
const SENDING = 'sending';

/** Marks one send that Gmail accepted (see markSentMany); returns whether this call marked it. */
export async function markSent(deps: EngineDeps, send: SendingRow, sent: SentMessage): Promise<boolean> {
  return (await markSentMany(deps, [{ send, sent }])).has(send.id);
}

/**
 * Marks sends that Gmail accepted, all in one statement (so one transaction): each send becomes sent with
 * Gmail's ids and the time; its enrolment learns its thread (the first email's thread and subject, every
 * Message-ID sent in it) and is next looked at when the reaction window closes. Guarded by state
 * 'sending', so a late duplicate mark (a reconciler and a slow worker) changes nothing. The quota rows the
 * claims took become sent and the mailboxes' lastUsedAt move, in the same statement, and each marked
 * send's `email.sent` event goes to the outbox. Returns the ids this call marked.
 */
export async function markSentMany(deps: EngineDeps, marks: SentMark[]): Promise<Set<string>> {
  if (marks.length === 0) return new Set();
  const rows = await preparedRows<{ id: string }>(deps.db, 'mark-sent', markSentSql(deps.clock.now(), marks));
  return new Set(rows.map((row) => row.id));
}

/**
 * markSentMany's statement. Each table it changes is reached through its primary key, from the ids as an
 * array as well as from the marks' JSON: a function's rows have no estimate the plan could trust.
 */
export function markSentSql(clockNow: Date, marks: SentMark[]): SQL {
  const now = sql`${clockNow.toISOString()}::timestamptz`;
  const input = marks.map(({ send, sent }) => ({
    send_id: send.id,
    gmail_message_id: sent.gmailMessageId,
    thread_id: sent.threadId,
    sent_at: sent.sentAt.toISOString(),
    deadline: reactionDeadline(
      sent.sentAt,
      send.reactionWindowHours,
      send.reactionWindowMinutes,
    ).toISOString(),
    step_id: send.stepId,
    subject: send.subject,
    message_id: send.messageId,
    log_id: send.logId,
    sender_account_id: send.senderAccountId,
    workspace_id: send.workspaceId,
  }));
  const sendIds = marks.map(({ send }) => send.id);
  const logIds = marks.flatMap(({ send }) => (send.logId ? [send.logId] : []));
  return sql`with input as (
        select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as i(send_id uuid,
          gmail_message_id text, thread_id text, sent_at text, deadline timestamptz, step_id uuid,
          subject text, message_id text, log_id uuid, sender_account_id uuid, workspace_id uuid)),
      marked as (
        update email_sends e set state = 'sent', gmail_message_id = i.gmail_message_id,
          gmail_thread_id = i.thread_id, sent_at = i.sent_at::timestamptz, waiting_reason = null,
          last_error = null, updated_at = ${now}
        from input i
        where e.id = any(${sql.param(sendIds)}::uuid[]) and e.id = i.send_id and e.state = ${SENDING}
        returning e.sequence_contact_id as enrolment_id, e.id as send_id),
      moved as (
        update sequence_contacts sc set
          thread_id = coalesce(sc.thread_id, i.thread_id),
          thread_subject = coalesce(sc.thread_subject, i.subject),
          thread_message_ids = case when i.message_id is not null
              and (sc.thread_id is null or sc.thread_id = i.thread_id)
            then array_append(sc.thread_message_ids, i.message_id) else sc.thread_message_ids end,
          next_run_at = case when sc.status = 'active' and sc.current_step_id = i.step_id
            then i.deadline else sc.next_run_at end,
          updated_at = ${now}
        from marked join input i on i.send_id = marked.send_id
        where sc.id = marked.enrolment_id
        returning 1),
      logged as (
        update email_logs l set status = 'sent', message_id = i.message_id, sent_at = i.sent_at::timestamptz
        from input i
        where l.id = any(${sql.param(logIds)}::uuid[]) and l.id = i.log_id and l.status = 'queued'
        returning 1),
      used as (
        update gmail_accounts g set last_used_at = u.sent_at
        from (select sender_account_id, workspace_id, max(sent_at::timestamptz) as sent_at from input
          where log_id is not null group by sender_account_id, workspace_id) u
        where g.id = u.sender_account_id and g.workspace_id = u.workspace_id
        returning 1),
      ${outboxCtes(sentEvents)}
      select send_id as id from marked`;
}

/** The `email.sent` events of the sends `marked` changed (the statement sees the rows as they were before). */
const sentEvents = sql`select e.workspace_id, 'email.sent'::text as type, i.sent_at::timestamptz as occurred_at,
    ${emailJson('e')} || jsonb_build_object('sentAt', i.sent_at, 'threadId', i.thread_id) as data
    from email_sends e join marked on marked.send_id = e.id join input i on i.send_id = e.id ${EMAIL_JOINS}`;
