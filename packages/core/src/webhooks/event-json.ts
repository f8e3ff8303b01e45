import { type SQL, sql } from 'drizzle-orm';

/**
 * JSON builders for event payloads, as SQL over the rows a change touches, so the event is built in the
 * change's own statement. Field names are the API's (camelCase) and timestamps ISO.
 */
export function contactJson(c: string): SQL {
  const t = sql.raw(c);
  return sql`jsonb_build_object('id', ${t}.id, 'email', ${t}.email, 'name', ${t}.name,
    'firstName', ${t}.first_name, 'lastName', ${t}.last_name, 'organizationName', ${t}.organization_name,
    'customFields', ${t}.custom_fields)`;
}

export function isoJson(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * An email's fields for `email.*` events: the send, its contact, sequence, step and mailbox. `e` is an
 * email_sends alias; the query must join contacts `c`, and left join sequences `sq`, sequence_steps
 * `st`, gmail_accounts `ga`.
 */
export function emailJson(e: string): SQL {
  const t = sql.raw(e);
  return sql`jsonb_build_object(
    'emailId', ${t}.id, 'subject', ${t}.subject, 'messageId', ${t}.message_id,
    'threadId', ${t}.gmail_thread_id, 'sentAt', ${isoJson(sql.raw(`${e}.sent_at`))},
    'contact', ${contactJson('c')},
    'sequence', case when sq.id is null then null else jsonb_build_object('id', sq.id, 'name', sq.name) end,
    'step', case when st.id is null then null else jsonb_build_object('id', st.id, 'order', st.step_order) end,
    'mailbox', case when ga.id is null then null else jsonb_build_object('id', ga.id, 'email', ga.email) end)`;
}

/** The joins `emailJson` reads from, for a query over email_sends `e`. */
export const EMAIL_JOINS = sql.raw(`join contacts c on c.id = e.contact_id and c.workspace_id = e.workspace_id
  left join sequences sq on sq.id = e.sequence_id
  left join sequence_steps st on st.id = e.step_id
  left join gmail_accounts ga on ga.id = e.sender_account_id`);
