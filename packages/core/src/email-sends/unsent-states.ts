import { emailSends, sequenceContacts, sequences } from '@prospector/db';
import { and, eq, inArray, isNotNull, isNull, not, type SQL, sql } from 'drizzle-orm';

/**
 * A scheduled email held by a pause: its sequence is paused, or its enrolment is. It goes out once the
 * sequence runs again, so it is neither Scheduled nor Waiting.
 */
export const heldByPause = sql<boolean>`(${emailSends.state} = 'scheduled' and (
  exists (select 1 from ${sequences} where ${sequences.id} = ${emailSends.sequenceId} and ${sequences.status} = 'paused')
  or exists (select 1 from ${sequenceContacts}
    where ${sequenceContacts.workspaceId} = ${emailSends.workspaceId} and ${sequenceContacts.id} = ${emailSends.sequenceContactId}
      and ${sequenceContacts.status} = 'paused')))`;

const pending = inArray(emailSends.state, ['scheduled', 'sending']);

/**
 * Which emails that have not gone out each display status holds. The Email Sending list, its CSV and the
 * queue's counts all read these, so a status and its count never disagree.
 */
export const UNSENT_STATE_FILTERS = {
  scheduled: and(pending, not(heldByPause), isNull(emailSends.waitingReason)) as SQL,
  waiting: and(pending, not(heldByPause), isNotNull(emailSends.waitingReason)) as SQL,
  paused: heldByPause as SQL,
  failed: eq(emailSends.state, 'failed'),
  cancelled: eq(emailSends.state, 'cancelled'),
} as const;

/** Why a paused email waits, for the Email Sending page. */
export const PAUSED_DETAIL = {
  sequence: 'The sequence is paused: it goes out once the sequence is activated again',
  enrolment: "This contact's enrolment is paused",
} as const;
