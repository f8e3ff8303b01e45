import { emailSends } from '@prospector/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Whether the lead statuses that tell a positive reply (interested, meeting booked...) exist yet. Until
 * the Inbox records them, no reply counts as positive and the UI says why.
 */
export const POSITIVE_REPLIES_AVAILABLE = false;

/**
 * The one definition of a positive reply to an email of `email_sends`, used by the per-variant analytics
 * and by the A/B winner rule: a reply whose contact's lead status is a positive one. No reply is positive
 * while lead statuses do not exist.
 */
export function positiveReplyCondition(): SQL<boolean> {
  return sql<boolean>`(${emailSends.repliedAt} is not null and false)`;
}
