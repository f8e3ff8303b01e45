import type { WebhookEventType } from '@prospector/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../engine/engine-deps';
import { contactJson, EMAIL_JOINS, emailJson } from './event-json';
import { outboxFromSelect, recordEvents } from './outbox';

/*
 * The events the app emits, each written in the caller's transaction (the one making the change), so an
 * event exists exactly when its change does.
 */

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** An `email.*` event about one send, with its contact, sequence, step and mailbox, plus `extra`. */
export async function recordEmailEvent(
  tx: Tx,
  type: Extract<WebhookEventType, `email.${string}`>,
  emailSendId: string,
  when: Date,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await tx.execute(
    outboxFromSelect(sql`select e.workspace_id, ${type}::text as type, ${at(when)} as occurred_at,
      ${emailJson('e')} || ${JSON.stringify(extra)}::jsonb as data
      from email_sends e ${EMAIL_JOINS} where e.id = ${emailSendId}::uuid`),
  );
}

/** `enrolment.completed`: a contact reached the end of a sequence. */
export async function recordEnrolmentCompleted(tx: Tx, enrolmentId: string, when: Date): Promise<void> {
  await tx.execute(
    outboxFromSelect(sql`select sc.workspace_id, 'enrolment.completed'::text as type, ${at(when)} as occurred_at,
      jsonb_build_object('enrolmentId', sc.id, 'contact', ${contactJson('c')},
        'sequence', jsonb_build_object('id', sq.id, 'name', sq.name)) as data
      from sequence_contacts sc join contacts c on c.id = sc.contact_id join sequences sq on sq.id = sc.sequence_id
      where sc.id = ${enrolmentId}::uuid`),
  );
}

/** `sequence.completed`: a sequence was marked completed. */
export async function recordSequenceCompleted(tx: Tx, sequenceId: string, when: Date): Promise<void> {
  await tx.execute(
    outboxFromSelect(sql`select sq.workspace_id, 'sequence.completed'::text as type, ${at(when)} as occurred_at,
      jsonb_build_object('sequence', jsonb_build_object('id', sq.id, 'name', sq.name)) as data
      from sequences sq where sq.id = ${sequenceId}::uuid`),
  );
}

/** `mailbox.paused` or `mailbox.needs_reconnect`, with the reason. */
export async function recordMailboxEvent(
  tx: Tx,
  type: 'mailbox.paused' | 'mailbox.needs_reconnect',
  accountId: string,
  when: Date,
  reason: string | null,
): Promise<void> {
  await tx.execute(
    outboxFromSelect(sql`select ga.workspace_id, ${type}::text as type, ${at(when)} as occurred_at,
      jsonb_build_object('mailbox', jsonb_build_object('id', ga.id, 'email', ga.email), 'reason', ${reason}::text) as data
      from gmail_accounts ga where ga.id = ${accountId}::uuid`),
  );
}

/**
 * `mailbox.health_changed`: a check of the mailbox's domain (SPF, DKIM, DMARC, blocklists) changed its
 * status, or placed or lifted a hold on the mailbox.
 */
export async function recordMailboxHealthChanged(
  tx: Tx,
  accountId: string,
  when: Date,
  change: { status: string; previousStatus: string; held: boolean; reason: string | null },
): Promise<void> {
  await tx.execute(
    outboxFromSelect(sql`select ga.workspace_id, 'mailbox.health_changed'::text as type, ${at(when)} as occurred_at,
      jsonb_build_object('mailbox', jsonb_build_object('id', ga.id, 'email', ga.email)) || ${JSON.stringify(change)}::jsonb as data
      from gmail_accounts ga where ga.id = ${accountId}::uuid`),
  );
}

/** `import.completed`: a CSV import into an email list finished. */
export async function recordImportCompleted(
  tx: Tx,
  input: { workspaceId: string; listId: string; when: Date; counts: Record<string, number> },
): Promise<void> {
  await tx.execute(
    outboxFromSelect(sql`select p.workspace_id, 'import.completed'::text as type, ${at(input.when)} as occurred_at,
      jsonb_build_object('list', jsonb_build_object('id', p.id, 'name', p.name)) || ${JSON.stringify(input.counts)}::jsonb as data
      from personas p where p.id = ${input.listId}::uuid and p.workspace_id = ${input.workspaceId}::uuid`),
  );
}

/**
 * `contact.status_changed`: a contact's lead status moved from `from` to `to`. Call it in the transaction
 * that sets the lead status.
 */
export async function recordContactStatusChanged(
  tx: Pick<Tx, 'execute'>,
  input: { workspaceId: string; contactId: string; from: string | null; to: string | null; when: Date },
): Promise<void> {
  const source: SQL = sql`select c.workspace_id, 'contact.status_changed'::text as type, ${at(input.when)} as occurred_at,
      jsonb_build_object('contact', ${contactJson('c')}, 'from', ${input.from}::text, 'to', ${input.to}::text) as data
      from contacts c where c.id = ${input.contactId}::uuid and c.workspace_id = ${input.workspaceId}::uuid`;
  await tx.execute(outboxFromSelect(source));
}

export { recordEvents };
