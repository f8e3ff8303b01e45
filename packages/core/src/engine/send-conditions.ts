import { BLACKLIST_TAG } from '@prospector/contracts';
import { contacts, emailSends, gmailAccounts, sequenceContacts, sequences } from '@prospector/db';
import { type SQL, sql } from 'drizzle-orm';
import { DEFAULT_HOLD_LIMIT_MS } from '../schedule/mailbox-pacing';
import { onSuppressionList } from '../suppressions/suppression-sql';

const iso = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** A scheduled send whose time has come (and that is not yet more than the hold limit late). */
export const dueSend = (now: Date): SQL =>
  sql`${emailSends.state} = 'scheduled' and ${emailSends.scheduledFor} <= ${iso(now)}
    and ${emailSends.scheduledFor} >= ${iso(new Date(now.getTime() - DEFAULT_HOLD_LIMIT_MS))}`;

/** A contact the engine must never email again (rule 7), or whose address the suppression list covers. */
export const contactBlocked = (): SQL =>
  sql`(${contacts.unsubscribed} or ${contacts.suppressed} or ${contacts.hardBounced}
    or ${BLACKLIST_TAG} = any(${contacts.tags}) or ${contactOnSuppressionList()})`;

/** Whether the user's suppression list covers the contact's address (decision 046). */
export const contactOnSuppressionList = (): SQL =>
  onSuppressionList(sql`${contacts.workspaceId}`, '"contacts"."email"');

/** A mailbox that may send now: connected, not paused, and past its gap. */
export const mailboxReady = (now: Date): SQL =>
  sql`${gmailAccounts.status} = 'connected' and ${gmailAccounts.pausedAt} is null
    and (${gmailAccounts.nextSendAt} is null or ${gmailAccounts.nextSendAt} <= ${iso(now)})`;

/**
 * The joins a send's claim checks: its sequence runs, its enrolment is active, its contact may be emailed
 * and its step still exists.
 */
export const sendMayGo = (): SQL =>
  sql`${emailSends.stepId} is not null
    and exists (select 1 from ${sequences} where ${sequences.id} = ${emailSends.sequenceId} and ${sequences.status} = 'running')
    and exists (select 1 from ${sequenceContacts} where ${sequenceContacts.id} = ${emailSends.sequenceContactId} and ${sequenceContacts.status} = 'active')
    and not exists (select 1 from ${contacts} where ${contacts.id} = ${emailSends.contactId} and ${contactBlocked()})`;
