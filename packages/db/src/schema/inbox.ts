import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, tstz, updatedAt } from './columns';
import { contacts } from './contacts';
import { emailSends } from './email-sends';
import { gmailAccounts } from './mail-accounts';
import { sequenceSteps } from './sequence-steps';
import { sequences } from './sequences';
import { trackingEvents } from './tracking';
import { ownerId } from './workspaces';

/** A full-text search vector (PostgreSQL's tsvector), read and written through SQL only. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const INBOX_TABS = ['people', 'auto', 'bounces', 'unclassified'] as const;
export const INBOX_DIRECTIONS = ['in', 'out'] as const;

/**
 * One Gmail thread of a mailbox that received mail about one of the user's emails: the Inbox lists these
 * rows (never Gmail) with what a row shows kept on the row itself, so a page is one indexed range read.
 */
export const inboxConversations = pgTable(
  'inbox_conversations',
  {
    id: id(),
    workspaceId: ownerId(),
    accountId: uuid('account_id').references(() => gmailAccounts.id, { onDelete: 'set null' }),
    gmailThreadId: text('gmail_thread_id').notNull(),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    /** The sequence email the thread answers. */
    emailSendId: uuid('email_send_id').references(() => emailSends.id, { onDelete: 'set null' }),
    sequenceId: uuid('sequence_id').references(() => sequences.id, { onDelete: 'set null' }),
    stepId: uuid('step_id').references(() => sequenceSteps.id, { onDelete: 'set null' }),
    /** people (a person wrote), auto (automatic replies), bounces (reports, complaints), unclassified. */
    tab: text('tab', { enum: INBOX_TABS }).notNull(),
    subject: text('subject').notNull().default(''),
    snippet: text('snippet').notNull().default(''),
    lastMessageAt: tstz('last_message_at').notNull(),
    /** The latest message from the other side; the conversation is unread while it is after readAt. */
    lastInboundAt: tstz('last_inbound_at'),
    /** Read state is ours, never Gmail's UNREAD label (the user's own mailbox is left alone). */
    readAt: tstz('read_at'),
    /** "e": done, out of the way until the next message from the other side. */
    doneAt: tstz('done_at'),
    messageCount: integer('message_count').notNull().default(0),
    /** The words of the contact (address, name, company), the subject and every message: the Inbox search. */
    searchVector: tsvector('search_vector'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inbox_conversations_thread_key').on(t.workspaceId, t.accountId, t.gmailThreadId),
    // The list: a user's tab newest first (keyset on lastMessageAt, id).
    index('inbox_conversations_user_tab_last_idx').on(t.workspaceId, t.tab, t.lastMessageAt, t.id),
    index('inbox_conversations_contact_idx').on(t.contactId),
    index('inbox_conversations_search_idx').using('gin', t.searchVector),
    index('inbox_conversations_user_unread_idx')
      .on(t.workspaceId, t.lastInboundAt)
      .where(
        sql`${t.lastInboundAt} is not null and (${t.readAt} is null or ${t.readAt} < ${t.lastInboundAt})`,
      ),
    oneOf('inbox_conversations_tab_check', t.tab, INBOX_TABS),
  ],
);

export interface InboxAttachmentRef {
  filename: string;
  mimeType: string;
  size: number;
}

/** Every message of a conversation, ours and theirs, with its bodies stored on arrival. */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: id(),
    workspaceId: ownerId(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => inboxConversations.id, { onDelete: 'cascade' }),
    gmailMessageId: text('gmail_message_id'),
    /** The RFC 5322 Message-ID and References, for answering in the same thread. */
    messageIdHeader: text('message_id_header'),
    referencesHeader: text('references_header'),
    direction: text('direction', { enum: INBOX_DIRECTIONS }).notNull(),
    /** The tracking event of an incoming message (its class), if any. */
    trackingEventId: uuid('tracking_event_id').references(() => trackingEvents.id, { onDelete: 'set null' }),
    kind: text('kind'),
    fromAddress: text('from_address').notNull().default(''),
    fromName: text('from_name'),
    toAddress: text('to_address').notNull().default(''),
    subject: text('subject').notNull().default(''),
    textBody: text('text_body').notNull().default(''),
    /** Sanitised and size-capped; null when the message had no HTML (or it was too large to keep). */
    htmlBody: text('html_body'),
    attachments: jsonb('attachments').$type<InboxAttachmentRef[]>().notNull().default([]),
    sentAt: tstz('sent_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('inbox_messages_user_gmail_key').on(t.workspaceId, t.gmailMessageId),
    index('inbox_messages_conversation_idx').on(t.conversationId, t.sentAt),
    oneOf('inbox_messages_direction_check', t.direction, INBOX_DIRECTIONS),
  ],
);

/** A user's own lead statuses (name and colour), used as `label:<id>`. */
export const inboxLabels = pgTable(
  'inbox_labels',
  {
    id: id(),
    workspaceId: ownerId(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('inbox_labels_user_name_key').on(t.workspaceId, sql`lower(${t.name})`)],
);
