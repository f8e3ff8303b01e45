import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { between, createdAt, id, oneOf, tstz, updatedAt } from './columns';
import { inboxConversations, inboxMessages } from './inbox';
import { sequences } from './sequences';
import { ownerId, workspaces } from './workspaces';

/**
 * What the Inbox's answer writer knows about the user's business and how it may act: one row per user,
 * absent until the user saves the settings (then the defaults below apply).
 */
export const assistantSettings = pgTable(
  'assistant_settings',
  {
    workspaceId: uuid('workspace_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Offer, proof points, pricing notes, meeting link, signature, things never to say. */
    about: text('about').notNull().default(''),
    tone: text('tone').notNull().default('professional'),
    /** Lead statuses (and `question`) whose arriving replies get a draft at once. */
    autoDraftStatuses: jsonb('auto_draft_statuses').$type<string[]>().notNull().default([]),
    autoSendEnabled: boolean('auto_send_enabled').notNull().default(false),
    autoSendStatuses: jsonb('auto_send_statuses').$type<string[]>().notNull().default([]),
    autoSendDelayMinutes: integer('auto_send_delay_minutes').notNull().default(10),
    autoSendDailyCap: integer('auto_send_daily_cap').notNull().default(20),
    updatedAt: updatedAt(),
  },
  (t) => [
    between('assistant_settings_delay_check', t.autoSendDelayMinutes, 1, 1440),
    between('assistant_settings_cap_check', t.autoSendDailyCap, 0, 500),
  ],
);

/** A sequence's note for the answer writer, added to the user's "about us" for its conversations. */
export const assistantSequenceNotes = pgTable('assistant_sequence_notes', {
  sequenceId: uuid('sequence_id')
    .primaryKey()
    .references(() => sequences.id, { onDelete: 'cascade' }),
  workspaceId: ownerId(),
  note: text('note').notNull().default(''),
  updatedAt: updatedAt(),
});

export const DRAFT_STATUSES = ['ready', 'sent', 'discarded', 'replaced'] as const;
export const DRAFT_ORIGINS = ['user', 'auto'] as const;

/**
 * An answer the writer drafted for a conversation. At most one is `ready` per conversation; sending it,
 * throwing it away or answering by hand closes it. `sendAt` is set when auto-send will send it unless
 * cancelled; `refusedReason` says why auto-send would not.
 */
export const inboxDrafts = pgTable(
  'inbox_drafts',
  {
    id: id(),
    workspaceId: ownerId(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => inboxConversations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DRAFT_STATUSES }).notNull().default('ready'),
    origin: text('origin', { enum: DRAFT_ORIGINS }).notNull(),
    instruction: text('instruction'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    language: text('language').notNull(),
    /** The model's name, or `sandbox`; the prompt's version; the time the writer took; tokens. */
    model: text('model').notNull(),
    promptVersion: text('prompt_version').notNull(),
    durationMs: integer('duration_ms').notNull(),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    sendAt: tstz('send_at'),
    refusedReason: text('refused_reason'),
    sentMessageId: uuid('sent_message_id').references(() => inboxMessages.id, { onDelete: 'set null' }),
    sentByAssistant: boolean('sent_by_assistant').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inbox_drafts_ready_key').on(t.conversationId).where(sql`${t.status} = 'ready'`),
    // The auto-send round: ready drafts whose time has come.
    index('inbox_drafts_send_at_idx')
      .on(t.sendAt)
      .where(sql`${t.status} = 'ready' and ${t.sendAt} is not null`),
    // The daily cap: a user's drafts the assistant sent.
    index('inbox_drafts_user_sent_idx').on(t.workspaceId, t.updatedAt).where(sql`${t.sentByAssistant}`),
    oneOf('inbox_drafts_status_check', t.status, DRAFT_STATUSES),
    oneOf('inbox_drafts_origin_check', t.origin, DRAFT_ORIGINS),
  ],
);
