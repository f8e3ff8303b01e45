import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { between, counter, createdAt, id, oneOf, tstz, updatedAt } from './columns';
import { gmailAccounts } from './mail-accounts';
import { personas } from './personas';
import { createdBy, ownerId } from './workspaces';

/** Stored values; the UI uses draft, running and paused. */
export const SEQUENCE_STATUSES = [
  'draft',
  'scheduled',
  'running',
  'published',
  'completed',
  'paused',
] as const;
export type SequenceStatus = (typeof SEQUENCE_STATUSES)[number];

export const sequences = pgTable(
  'sequences',
  {
    id: id(),
    workspaceId: ownerId(),
    createdBy: createdBy(),
    name: text('name').notNull(),
    description: text('description'),
    /** IANA zone; step send times are local to it. */
    timezone: text('timezone').notNull().default('UTC'),
    skipWeekends: boolean('skip_weekends').notNull().default(false),
    useRecipientTimezone: boolean('use_recipient_timezone').notNull().default(false),
    /** Most contacts to enroll; null means no limit. */
    contactLimit: integer('contact_limit'),
    status: text('status', { enum: SEQUENCE_STATUSES }).notNull().default('draft'),
    senderAccountId: uuid('sender_account_id').references(() => gmailAccounts.id, { onDelete: 'set null' }),
    /**
     * Every mailbox the sequence sends from, senderAccountId first; each enrolment is pinned to one of
     * them. Empty means senderAccountId alone (or the user's default sender).
     */
    senderAccountIds: uuid('sender_account_ids').array().notNull().default(sql`'{}'::uuid[]`),
    sendAsEmail: text('send_as_email'),
    /** The email list enrolled at launch (sequence_personas holds any further lists). */
    personaId: uuid('persona_id').references(() => personas.id, { onDelete: 'set null' }),
    startDate: tstz('start_date'),
    /** Denormalised count of sequence_contacts, kept by the enrolling code. */
    totalContacts: counter('total_contacts'),
    launchedAt: tstz('launched_at'),
    /** New members of the linked lists are enrolled by the worker while the sequence runs (decision 026). */
    autoEnrollNewContacts: boolean('auto_enroll_new_contacts').notNull().default(true),
    /**
     * Set by a trigger when contacts join a linked list of a launched sequence that enrols new contacts;
     * the worker clears it and enrols them (decision 026).
     */
    newMembersPending: boolean('new_members_pending').notNull().default(false),
    /** Chosen at launch: contacts active in another of the user's sequences are enrolled too. */
    includeContactsInOtherSequences: boolean('include_contacts_in_other_sequences').notNull().default(false),
    /** Within a mailbox's daily limit, due follow-ups are claimed before first emails (decision 026). */
    followUpsFirst: boolean('follow_ups_first').notNull().default(true),
    /** A reply stops every contact of the same company domain in this sequence (never free-mail domains). */
    stopCompanyOnReply: boolean('stop_company_on_reply').notNull().default(false),
    /** The open pixel is added to its emails; off: no pixel, and no branch or streak depends on opens. */
    trackOpens: boolean('track_opens').notNull().default(true),
    /** Links in its emails are rewritten to the signed click redirect; off: links go out as written. */
    trackClicks: boolean('track_clicks').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sequences_user_created_idx').on(t.workspaceId, t.createdAt),
    index('sequences_sender_account_idx').on(t.senderAccountId),
    index('sequences_persona_idx').on(t.personaId),
    oneOf('sequences_status_check', t.status, SEQUENCE_STATUSES),
    between('sequences_contact_limit_check', t.contactLimit, 1),
  ],
);

/** Email lists whose contacts a sequence enrolls. */
export const sequencePersonas = pgTable(
  'sequence_personas',
  {
    sequenceId: uuid('sequence_id')
      .notNull()
      .references(() => sequences.id, { onDelete: 'cascade' }),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    workspaceId: ownerId(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sequenceId, t.personaId] }),
    index('sequence_personas_persona_idx').on(t.personaId),
    index('sequence_personas_user_idx').on(t.workspaceId),
  ],
);
