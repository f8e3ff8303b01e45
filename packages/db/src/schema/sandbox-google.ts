import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, tstz } from './columns';
import { GMAIL_ACCOUNT_KINDS } from './mail-accounts';

/*
 * State of the built-in Google stand-in (packages/sandbox). Each sandbox mailbox belongs to the app user
 * who connected it: its key is `<user id>:<address>`, so the same address connected by two users is two
 * mailboxes and neither sees, answers or breaks the other's mail. Kept in the app's database so it survives
 * restarts and is shared by every process.
 */

/** A send-as address as Gmail's settings/sendAs lists it. */
export interface SandboxSendAs {
  sendAsEmail: string;
  displayName: string;
  isPrimary: boolean;
  isDefault: boolean;
  verificationStatus: string;
  signature: string;
}

/** A sandbox Google account with its Gmail mailbox. */
export const sandboxGoogleMailboxes = pgTable(
  'sandbox_google_mailboxes',
  {
    /** The mailbox's key: its owner's id and its address (a mailbox from before owners: the address). */
    email: text('email').primaryKey(),
    googleUserId: text('google_user_id').notNull().unique(),
    displayName: text('display_name').notNull(),
    kind: text('kind', { enum: GMAIL_ACCOUNT_KINDS }).notNull(),
    sendAs: jsonb('send_as').$type<SandboxSendAs[]>().notNull().default([]),
    /** HTTP statuses the next Gmail API calls answer with (one consumed per call), to exercise retries. */
    faults: jsonb('faults').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [oneOf('sandbox_google_mailboxes_kind_check', t.kind, GMAIL_ACCOUNT_KINDS)],
);

export const SANDBOX_TOKEN_KINDS = ['code', 'access', 'refresh'] as const;

/** Authorization codes, access and refresh tokens, by SHA-256; one grant ties a consent's tokens together. */
export const sandboxGoogleTokens = pgTable(
  'sandbox_google_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    grantId: uuid('grant_id').notNull(),
    kind: text('kind', { enum: SANDBOX_TOKEN_KINDS }).notNull(),
    email: text('email')
      .notNull()
      .references(() => sandboxGoogleMailboxes.email, { onDelete: 'cascade', onUpdate: 'cascade' }),
    clientId: text('client_id').notNull(),
    scopes: text('scopes').array().notNull().default([]),
    redirectUri: text('redirect_uri'),
    codeChallenge: text('code_challenge'),
    expiresAt: tstz('expires_at'),
    usedAt: tstz('used_at'),
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sandbox_google_tokens_grant_idx').on(t.grantId),
    oneOf('sandbox_google_tokens_kind_check', t.kind, SANDBOX_TOKEN_KINDS),
  ],
);

/** Every message in a sandbox mailbox: what it sent, and the replies and bounces simulated into it. */
export const sandboxGoogleMessages = pgTable(
  'sandbox_google_messages',
  {
    id: text('id').primaryKey(),
    mailbox: text('mailbox')
      .notNull()
      .references(() => sandboxGoogleMailboxes.email, { onDelete: 'cascade', onUpdate: 'cascade' }),
    threadId: text('thread_id').notNull(),
    /** Gmail's historyId: grows with every message added, across all mailboxes. */
    historyId: bigserial('history_id', { mode: 'number' }).notNull().unique(),
    labelIds: text('label_ids').array().notNull().default([]),
    /** The RFC 5322 message exactly as sent or delivered. */
    raw: text('raw').notNull(),
    rfcMessageId: text('rfc_message_id'),
    fromAddress: text('from_address'),
    toAddress: text('to_address'),
    subject: text('subject'),
    snippet: text('snippet').notNull().default(''),
    internalDate: tstz('internal_date').notNull(),
    /** Set by the Sandbox Inbox's actions on a sent message. */
    openedAt: tstz('opened_at'),
    repliedAt: tstz('replied_at'),
    bouncedAt: tstz('bounced_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sandbox_google_messages_mailbox_history_idx').on(t.mailbox, t.historyId),
    index('sandbox_google_messages_mailbox_thread_idx').on(t.mailbox, t.threadId),
    index('sandbox_google_messages_rfc_id_idx').on(t.rfcMessageId),
  ],
);
