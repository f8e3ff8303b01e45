import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { counter, createdAt, id, oneOf, tstz, updatedAt } from './columns';
import { contacts } from './contacts';
import { gmailAccounts } from './mail-accounts';
import { sequenceContacts } from './sequence-contacts';
import { REACTIONS, sequenceSteps } from './sequence-steps';
import { sequences } from './sequences';
import { stepVariants } from './step-variants';
import { templates } from './templates';
import { ownerId } from './workspaces';

/**
 * scheduled -> sending (claimed by one worker with a guarded UPDATE ... WHERE state = 'scheduled'
 * RETURNING) -> sent | failed; scheduled -> cancelled when the enrolment stops. A 'sending' row whose
 * claim is old was abandoned by a crashed worker and may be reclaimed.
 */
export const SEND_STATES = ['scheduled', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type SendState = (typeof SEND_STATES)[number];

/**
 * One email of a sequence to one recipient for one step: rendered when scheduled, so what is sent is
 * what was previewed. The display status (Reply, Open, Not Open) comes from replied_at and opened_at.
 */
export const emailSends = pgTable(
  'email_sends',
  {
    id: id(),
    workspaceId: ownerId(),
    sequenceContactId: uuid('sequence_contact_id')
      .notNull()
      .references(() => sequenceContacts.id, { onDelete: 'cascade' }),
    sequenceId: uuid('sequence_id')
      .notNull()
      .references(() => sequences.id, { onDelete: 'cascade' }),
    stepId: uuid('step_id').references(() => sequenceSteps.id, { onDelete: 'set null' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id').references(() => templates.id, { onDelete: 'set null' }),
    /** The A/B variant this email was rendered from, and its label (A, B...), when the step has variants. */
    variantId: uuid('variant_id').references(() => stepVariants.id, { onDelete: 'set null' }),
    variantLabel: text('variant_label'),
    senderAccountId: uuid('sender_account_id').references(() => gmailAccounts.id, { onDelete: 'set null' }),
    sendAsEmail: text('send_as_email'),
    subject: text('subject').notNull().default(''),
    htmlBody: text('html_body').notNull().default(''),
    plainTextBody: text('plain_text_body'),
    /** Unguessable token in the open pixel and tracked links. */
    trackingToken: text('tracking_token').notNull().unique(),
    /** Unguessable token of the unsubscribe link and the RFC 8058 one-click POST. */
    unsubscribeToken: text('unsubscribe_token').notNull().unique(),
    state: text('state', { enum: SEND_STATES }).notNull().default('scheduled'),
    scheduledFor: tstz('scheduled_for').notNull(),
    /** The recipient's zone the send time was set in, when the sequence sends at local time. */
    recipientTimezone: text('recipient_timezone'),
    attempts: counter('attempts'),
    /** When a worker claimed the send (state 'sending'). */
    claimedAt: tstz('claimed_at'),
    lastError: text('last_error'),
    /** Why a due send is held (mailbox paused or disconnected, quota, sequence paused); shown as Waiting. */
    waitingReason: text('waiting_reason'),
    /** The RFC 5322 Message-ID header we generated; replies and bounces reference it. */
    messageId: text('message_id'),
    /** A later email of its enrolment (one was sent before it): claimed first when its sequence says so. */
    followUp: boolean('follow_up').notNull().default(false),
    /** The Message-ID this email answers (follow-ups in the same thread). */
    inReplyTo: text('in_reply_to'),
    /** Gmail API ids of the sent message and its thread. */
    gmailMessageId: text('gmail_message_id'),
    gmailThreadId: text('gmail_thread_id'),
    sentAt: tstz('sent_at'),
    /** First open, reply and bounce: set once by tracking so lists need no join to tracking_events. */
    openedAt: tstz('opened_at'),
    /** First click a person made on a tracked link (scanners' clicks are flagged, not counted). */
    clickedAt: tstz('clicked_at'),
    repliedAt: tstz('replied_at'),
    bouncedAt: tstz('bounced_at'),
    /** The outcome the engine took for this email's reaction window, and when. */
    reaction: text('reaction', { enum: REACTIONS }),
    judgedAt: tstz('judged_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    /** Exactly one email per enrolment and step, however many workers schedule at once. */
    unique('email_sends_sequence_contact_step_key').on(t.sequenceContactId, t.stepId),
    // The Email Sending page: a user's sends newest first, optionally for one sequence.
    index('email_sends_user_sent_idx').on(t.workspaceId, t.sentAt),
    index('email_sends_user_sequence_sent_idx').on(t.workspaceId, t.sequenceId, t.sentAt),
    index('email_sends_user_state_idx').on(t.workspaceId, t.state),
    index('email_sends_sequence_state_idx').on(t.sequenceId, t.state),
    /** The sender's due scan: scheduled sends whose time has come. */
    index('email_sends_due_idx').on(t.scheduledFor).where(sql`${t.state} = 'scheduled'`),
    /** A mailbox's claim: its scheduled sends by time, without reading other mailboxes' or its sent ones. */
    index('email_sends_mailbox_due_idx')
      .on(t.senderAccountId, t.scheduledFor)
      .where(sql`${t.state} = 'scheduled'`),
    /** Reclaiming sends abandoned in 'sending'. */
    index('email_sends_sending_idx').on(t.claimedAt).where(sql`${t.state} = 'sending'`),
    index('email_sends_contact_idx').on(t.contactId),
    index('email_sends_step_idx').on(t.stepId),
    index('email_sends_template_idx').on(t.templateId),
    index('email_sends_variant_idx').on(t.variantId),
    index('email_sends_sender_thread_idx').on(t.senderAccountId, t.gmailThreadId),
    index('email_sends_message_id_idx').on(t.messageId),
    oneOf('email_sends_state_check', t.state, SEND_STATES),
    oneOf('email_sends_reaction_check', t.reaction, REACTIONS),
  ],
);
