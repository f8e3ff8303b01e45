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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Emails are stored lower-cased by the contracts; the index on lower() guards against any other writer.
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

/** The person a session or reset token belongs to (records belong to a workspace, see ownerId). */
const personId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** The spec's sid/sess/expire session table. sid is the SHA-256 of the cookie's token, never the token. */
export const userSessions = pgTable(
  'user_sessions',
  {
    sid: text('sid').primaryKey(),
    userId: personId(),
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
  /** The workspace this session works in; the person's first workspace when unset or no longer theirs. */
  workspaceId?: string;
}

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: personId(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: tstz('expires_at').notNull(),
    used: boolean('used').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);
