import { POSITIVE_LEAD_STATUSES } from '@prospector/contracts';
import { contacts, emailSends } from '@prospector/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The one definition of a positive reply to an email of `email_sends`, used by the sequence funnel, the
 * per-variant analytics and the A/B winner rule: a reply whose contact the Inbox sorted under a positive
 * lead status (interested, meeting booked).
 */
export function positiveReplyCondition(): SQL<boolean> {
  return repliedWithLeadStatus(POSITIVE_LEAD_STATUSES);
}

/** A replied email whose contact has one of these lead statuses. */
export function repliedWithLeadStatus(statuses: readonly string[]): SQL<boolean> {
  return sql<boolean>`(${emailSends.repliedAt} is not null and exists (
    select 1 from ${contacts} where ${contacts.id} = ${emailSends.contactId}
      and ${contacts.leadStatus} in (${sql.join(
        statuses.map((status) => sql`${status}`),
        sql`, `,
      )})))`;
}
