import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, tstz } from './columns';
import { contacts } from './contacts';
import { emailSends } from './email-sends';
import { gmailAccounts } from './mail-accounts';
import { sequenceContacts } from './sequence-contacts';
import { sequenceSteps } from './sequence-steps';
import { sequences } from './sequences';
import { templates } from './templates';
import { ownerId } from './workspaces';

export const EMAIL_LOG_STATUSES = ['queued', 'sent', 'failed'] as const;
export type EmailLogStatus = (typeof EMAIL_LOG_STATUSES)[number];

/**
 * An append-only record of every email handed to a provider, test emails included. Unlike email_sends it
 * outlives the sequence, step and template it came from (those references become null).
 */
export const emailLogs = pgTable(
  'email_logs',
  {
    id: id(),
    workspaceId: ownerId(),
    emailSendId: uuid('email_send_id').references(() => emailSends.id, { onDelete: 'set null' }),
    sequenceId: uuid('sequence_id').references(() => sequences.id, { onDelete: 'set null' }),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    stepId: uuid('step_id').references(() => sequenceSteps.id, { onDelete: 'set null' }),
    templateId: uuid('template_id').references(() => templates.id, { onDelete: 'set null' }),
    sequenceContactId: uuid('sequence_contact_id').references(() => sequenceContacts.id, {
      onDelete: 'set null',
    }),
    /** The mailbox it was sent from; with sender_email, what the rolling 24-hour quota counts. */
    senderAccountId: uuid('sender_account_id').references(() => gmailAccounts.id, { onDelete: 'set null' }),
    /** The sending mailbox's address (lower-case), so the count survives a disconnect and reconnect. */
    senderEmail: text('sender_email'),
    /** The recipient address as sent (test emails go to any address). */
    toEmail: text('to_email'),
    subject: text('subject').notNull().default(''),
    status: text('status', { enum: EMAIL_LOG_STATUSES }).notNull().default('queued'),
    /** 'gmail', 'smtp' or 'sandbox'. */
    emailProvider: text('email_provider'),
    messageId: text('message_id'),
    /** The tokens the email carried (tracking, unsubscribe), as rendered. */
    tokens: jsonb('tokens').$type<Record<string, string>>(),
    error: text('error'),
    isTestEmail: boolean('is_test_email').notNull().default(false),
    sentAt: tstz('sent_at'),
    openedAt: tstz('opened_at'),
    repliedAt: tstz('replied_at'),
    bouncedAt: tstz('bounced_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_logs_user_created_idx').on(t.workspaceId, t.createdAt),
    index('email_logs_send_idx').on(t.emailSendId),
    index('email_logs_sequence_idx').on(t.sequenceId),
    index('email_logs_contact_idx').on(t.contactId),
    index('email_logs_step_idx').on(t.stepId),
    index('email_logs_template_idx').on(t.templateId),
    index('email_logs_sequence_contact_idx').on(t.sequenceContactId),
    index('email_logs_user_sender_created_idx').on(t.workspaceId, t.senderEmail, t.createdAt),
    index('email_logs_sender_account_idx').on(t.senderAccountId),
    oneOf('email_logs_status_check', t.status, EMAIL_LOG_STATUSES),
  ],
);
