import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** A gmail_accounts id; kept without a foreign key to avoid a users <-> accounts cycle. */
    defaultSenderAccountId: uuid('default_sender_account_id'),
    defaultSendAsEmail: text('default_send_as_email'),
    /** AES-256-GCM ciphertext, never sent to the browser. */
    apolloApiKey: text('apollo_api_key'),
    apolloApiKeyEnabled: boolean('apollo_api_key_enabled').notNull().default(true),
    /** AES-256-GCM ciphertext. */
    googleAccessToken: text('google_access_token'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Emails are stored lower-cased by the contracts; the index on lower() guards against any other writer.
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

/**
 * The owning user of a record. Every record carries it, even where a parent already implies it, so each
 * query can be scoped by user id in one predicate and deleting a user removes everything they own.
 */
export const ownerId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** The spec's sid/sess/expire session table. sid is the SHA-256 of the cookie's token, never the token. */
export const userSessions = pgTable(
  'user_sessions',
  {
    sid: text('sid').primaryKey(),
    userId: ownerId(),
    sess: jsonb('sess').$type<SessionData>().notNull().default({}),
    expire: tstz('expire').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId), index('user_sessions_expire_idx').on(t.expire)],
);

export interface SessionData {
  userAgent?: string;
  ip?: string;
  /** OAuth state bound to this session while a Google consent round trip is under way. */
  oauthState?: string;
}

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: ownerId(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: tstz('expires_at').notNull(),
    used: boolean('used').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);
