import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { between, counter, createdAt, id, oneOf, tstz, updatedAt } from './columns';
import { createdBy, ownerId } from './workspaces';

export const GMAIL_ACCOUNT_STATUSES = ['connected', 'disconnected', 'error', 'token_expired'] as const;
export type GmailAccountStatus = (typeof GMAIL_ACCOUNT_STATUSES)[number];
export const GMAIL_ACCOUNT_KINDS = ['workspace', 'consumer'] as const;
export type GmailAccountKind = (typeof GMAIL_ACCOUNT_KINDS)[number];
/** Who carries the mailbox's mail: the Gmail API, Microsoft Graph, or SMTP to send and IMAP to read. */
export const MAIL_PROVIDERS = ['gmail', 'microsoft', 'smtp'] as const;
export type MailProviderKind = (typeof MAIL_PROVIDERS)[number];

/**
 * A connected mailbox that sequences send from, of any provider (the table keeps its first provider's
 * name). Provider-specific meaning: `googleUserId` is the provider's stable id of the mailbox (Google's
 * `sub`; `ms:<Graph user id>`; `smtp:<address>`), `lastHistoryId` is the provider's read cursor (Gmail
 * history id; Graph delta link; `<UIDVALIDITY>:<last UID>` for IMAP).
 */
export const gmailAccounts = pgTable(
  'gmail_accounts',
  {
    id: id(),
    workspaceId: ownerId(),
    createdBy: createdBy(),
    /** Google's stable account id (the id token's `sub`). */
    googleUserId: text('google_user_id').notNull(),
    provider: text('provider', { enum: MAIL_PROVIDERS }).notNull().default('gmail'),
    /**
     * AES-256-GCM ciphertext of the provider's connection settings as JSON (SMTP and IMAP host, port,
     * security, username, password); null for OAuth providers. Never sent to the browser.
     */
    connectionSecret: text('connection_secret'),
    email: text('email').notNull(),
    displayName: text('display_name'),
    /** AES-256-GCM ciphertext; never sent to the browser. */
    accessToken: text('access_token'),
    /** AES-256-GCM ciphertext; never sent to the browser. */
    refreshToken: text('refresh_token'),
    tokenExpiresAt: tstz('token_expires_at'),
    scopes: text('scopes').array().notNull().default([]),
    status: text('status', { enum: GMAIL_ACCOUNT_STATUSES }).notNull().default('connected'),
    /** Google Workspace or consumer gmail.com; decides the default daily sending limit. */
    accountKind: text('account_kind', { enum: GMAIL_ACCOUNT_KINDS }).notNull().default('consumer'),
    /** Daily sending limit; null means the default for the account kind and age. */
    dailyLimit: integer('daily_limit'),
    /** The user declared the mailbox warmed up: its dailyLimit (up to the kind's maximum) skips the ramp. */
    warmedUp: boolean('warmed_up').notNull().default(false),
    /** Date of the mailbox's oldest sent message (Gmail API); the ramp's age counts from it when known. */
    sendingSince: tstz('sending_since'),
    /**
     * Sends counted against quota_date (a UTC day). Claimed atomically with
     * `UPDATE ... SET sent_today = CASE WHEN quota_date = today THEN sent_today + 1 ELSE 1 END,
     * quota_date = today WHERE id = $1 AND (quota_date IS DISTINCT FROM today OR sent_today < limit)`.
     */
    sentToday: counter('sent_today'),
    quotaDate: date('quota_date'),
    /** Gmail history id reached by the reply/bounce sync (users.history.list startHistoryId). */
    lastHistoryId: text('last_history_id'),
    /** A random gap, uniform in [min, max] seconds, is kept between two sends of the mailbox. */
    minGapSeconds: integer('min_gap_seconds').notNull().default(60),
    maxGapSeconds: integer('max_gap_seconds').notNull().default(180),
    /** The earliest time the mailbox may send again (last send + the gap drawn for it). */
    nextSendAt: tstz('next_send_at'),
    /** Set when sending from the mailbox is paused (automatically on a high bounce rate); its sends wait. */
    pausedAt: tstz('paused_at'),
    pausedReason: text('paused_reason'),
    lastSyncedAt: tstz('last_synced_at'),
    lastError: text('last_error'),
    lastUsedAt: tstz('last_used_at'),
    /** Connected through the built-in sandbox Google rather than Google itself; the UI marks it. */
    sandbox: boolean('sandbox').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('gmail_accounts_user_google_user_key').on(t.workspaceId, t.googleUserId),
    oneOf('gmail_accounts_status_check', t.status, GMAIL_ACCOUNT_STATUSES),
    between('gmail_accounts_min_gap_check', t.minGapSeconds, 0),
    check('gmail_accounts_gap_order_check', sql`${t.maxGapSeconds} >= ${t.minGapSeconds}`),
    oneOf('gmail_accounts_account_kind_check', t.accountKind, GMAIL_ACCOUNT_KINDS),
    oneOf('gmail_accounts_provider_check', t.provider, MAIL_PROVIDERS),
  ],
);

/**
 * A Gmail send-as address of an account (settings/sendAs). verificationStatus mirrors Gmail's value
 * ('accepted', 'pending', ...), so it has no CHECK.
 */
export const gmailAliases = pgTable(
  'gmail_aliases',
  {
    id: id(),
    workspaceId: ownerId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => gmailAccounts.id, { onDelete: 'cascade' }),
    sendAsEmail: text('send_as_email').notNull(),
    displayName: text('display_name'),
    signature: text('signature'),
    isDefaultAlias: boolean('is_default_alias').notNull().default(false),
    isPrimary: boolean('is_primary').notNull().default(false),
    verificationStatus: text('verification_status').notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('gmail_aliases_account_send_as_key').on(t.accountId, t.sendAsEmail),
    index('gmail_aliases_user_idx').on(t.workspaceId),
  ],
);
