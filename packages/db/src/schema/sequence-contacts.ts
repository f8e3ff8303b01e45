import { sql } from 'drizzle-orm';
import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, tstz, updatedAt } from './columns';
import { contacts } from './contacts';
import { gmailAccounts } from './mail-accounts';
import { sequenceSteps } from './sequence-steps';
import { sequences } from './sequences';
import { TRACKING_EVENT_TYPES } from './tracking-event-types';
import { ownerId } from './workspaces';

/**
 * Why an enrolment is where it is: active ones are worked by the engine; the rest are final except
 * paused, which resumes to active.
 */
export const ENROLMENT_STATUSES = [
  'active',
  'paused',
  'completed',
  'replied',
  'bounced',
  'unsubscribed',
  'stopped',
  'failed',
] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

/**
 * A contact's enrolment in a sequence: the engine's cursor. next_run_at is when the engine must next
 * look at it (send the current step's email, or decide its reaction branch once the window has closed).
 */
export const sequenceContacts = pgTable(
  'sequence_contacts',
  {
    id: id(),
    workspaceId: ownerId(),
    sequenceId: uuid('sequence_id')
      .notNull()
      .references(() => sequences.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ENROLMENT_STATUSES }).notNull().default('active'),
    currentStepId: uuid('current_step_id').references(() => sequenceSteps.id, { onDelete: 'set null' }),
    nextRunAt: tstz('next_run_at'),
    /** The mailbox (and send-as address) pinned at enrolment: every email of the enrolment leaves from it. */
    senderAccountId: uuid('sender_account_id').references(() => gmailAccounts.id, { onDelete: 'set null' }),
    sendAsEmail: text('send_as_email'),
    /** The Gmail thread of the enrolment's first email, its subject, and the Message-IDs sent in it. */
    threadId: text('thread_id'),
    threadSubject: text('thread_subject'),
    threadMessageIds: text('thread_message_ids').array().notNull().default(sql`'{}'::text[]`),
    enrolledAt: tstz('enrolled_at').notNull().defaultNow(),
    completedAt: tstz('completed_at'),
    /** The latest tracking event seen for this enrolment, and when. */
    lastEvent: text('last_event', { enum: TRACKING_EVENT_TYPES }),
    lastEventAt: tstz('last_event_at'),
    /** The return date an out-of-office reply stated: the next email waits until after it. */
    outOfOfficeUntil: tstz('out_of_office_until'),
    /** Why the enrolment stopped or failed, for the UI and the logs. */
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('sequence_contacts_sequence_contact_key').on(t.sequenceId, t.contactId),
    index('sequence_contacts_sequence_status_idx').on(t.sequenceId, t.status),
    index('sequence_contacts_contact_idx').on(t.contactId),
    index('sequence_contacts_user_idx').on(t.workspaceId),
    index('sequence_contacts_current_step_idx').on(t.currentStepId),
    index('sequence_contacts_sender_account_idx').on(t.senderAccountId),
    /** The engine's due scan: active enrolments whose time has come, oldest first. */
    index('sequence_contacts_due_idx').on(t.nextRunAt).where(sql`${t.status} = 'active'`),
    oneOf('sequence_contacts_status_check', t.status, ENROLMENT_STATUSES),
    oneOf('sequence_contacts_last_event_check', t.lastEvent, TRACKING_EVENT_TYPES),
  ],
);
