import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, tstz, updatedAt } from './columns';
import { users } from './users';

export const WORKSPACE_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/**
 * Where every record lives. A person's first workspace is created with the person's own id, so the rows
 * that belonged to a user before workspaces existed belong to that workspace without being rewritten.
 * Nothing else relies on the two ids being equal.
 */
export const workspaces = pgTable('workspaces', {
  id: id(),
  name: text('name').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  /** A gmail_accounts id; kept without a foreign key to avoid a workspaces <-> accounts cycle. */
  defaultSenderAccountId: uuid('default_sender_account_id'),
  defaultSendAsEmail: text('default_send_as_email'),
  /** AES-256-GCM ciphertext, never sent to the browser. */
  apolloApiKey: text('apollo_api_key'),
  apolloApiKeyEnabled: boolean('apollo_api_key_enabled').notNull().default(true),
  /** AES-256-GCM ciphertext. */
  googleAccessToken: text('google_access_token'),
  /** Set when the owner deleted it: nobody can open it while its records are removed in the background. */
  deletedAt: tstz('deleted_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The owning workspace of a record. Every record carries it, even where a parent already implies it, so
 * each query can be scoped in one predicate and deleting a workspace removes everything in it.
 */
export const ownerId = () =>
  uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });

/** Who made a record; kept when that person leaves, emptied when their account is deleted. */
export const createdBy = () => uuid('created_by').references(() => users.id, { onDelete: 'set null' });

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: ownerId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'workspace_members_pk', columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_idx').on(t.userId),
    oneOf('workspace_members_role_check', t.role, WORKSPACE_ROLES),
  ],
);

/** An emailed invitation; only the SHA-256 of its token is kept. Single use, revocable, expiring. */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: id(),
    workspaceId: ownerId(),
    email: text('email').notNull(),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: tstz('expires_at').notNull(),
    acceptedAt: tstz('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('workspace_invitations_token_key').on(t.tokenHash),
    index('workspace_invitations_workspace_idx').on(t.workspaceId, t.createdAt),
    oneOf('workspace_invitations_role_check', t.role, WORKSPACE_ROLES),
  ],
);

/** Who did what in a workspace, newest first on its page. */
export const workspaceActivity = pgTable(
  'workspace_activity',
  {
    id: id(),
    workspaceId: ownerId(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept so the line still reads right after the actor's account is gone. */
    actorName: text('actor_name').notNull().default(''),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    subjectName: text('subject_name').notNull().default(''),
    occurredAt: tstz('occurred_at').notNull().default(sql`now()`),
  },
  (t) => [index('workspace_activity_workspace_occurred_idx').on(t.workspaceId, t.occurredAt, t.id)],
);
