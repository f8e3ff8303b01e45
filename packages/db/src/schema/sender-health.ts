import { boolean, index, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, tstz, updatedAt } from './columns';
import { gmailAccounts } from './mail-accounts';
import { ownerId } from './workspaces';

export const SENDER_HEALTH_REPORT_STATUSES = ['good', 'at_risk', 'failing', 'unknown'] as const;

/**
 * The latest sender-health check of a mailbox's domain (SPF, DKIM, DMARC, blocklists), one row per mailbox,
 * and the hold that rests on it. `trouble` is what the hold rests on, as of the latest check that could tell
 * (`dmarc`, `blocklist`, both joined by `+`, or empty): a hold is placed when it gains a part. `held_at` is
 * the `gmail_accounts.paused_at` the hold set: the hold is lifted by health only while the pause is still
 * that one, so a pause of another cause (bounce rate, the user) is never lifted here.
 */
export const senderHealthReports = pgTable(
  'sender_health_reports',
  {
    id: id(),
    workspaceId: ownerId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => gmailAccounts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SENDER_HEALTH_REPORT_STATUSES }).notNull(),
    checkedAt: tstz('checked_at').notNull(),
    /** The checks as the report gave them: `[{ name, result, found, reason, fix }]`. */
    checks: jsonb('checks').notNull().default([]),
    /** Whether SPF or DKIM aligns with the From domain; null when it could not be told. */
    dmarcAligned: boolean('dmarc_aligned'),
    /** On a configured blocklist; null when no zone is configured or none answered. */
    blocklisted: boolean('blocklisted'),
    trouble: text('trouble').notNull().default(''),
    heldAt: tstz('held_at'),
    /** The user chose to send despite the trouble; kept until the trouble changes. */
    overriddenAt: tstz('overridden_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('sender_health_reports_account_key').on(t.accountId),
    index('sender_health_reports_user_idx').on(t.workspaceId),
    oneOf('sender_health_reports_status_check', t.status, SENDER_HEALTH_REPORT_STATUSES),
  ],
);
