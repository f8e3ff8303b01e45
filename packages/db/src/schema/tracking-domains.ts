import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, tstz, updatedAt } from './columns';
import { gmailAccounts } from './mail-accounts';
import { ownerId } from './workspaces';

export const TRACKING_DOMAIN_STATUSES = ['pending', 'verified', 'failed'] as const;
export type TrackingDomainStatus = (typeof TRACKING_DOMAIN_STATUSES)[number];

/**
 * A user's own host name for the open pixel, click and unsubscribe links (decision 035), pointed with a
 * CNAME at the app's public host. `domain` is unique across all users: a request's Host header names
 * exactly one owner, and one user's domain can never be claimed by another. `mailbox_id` null: the user's
 * default for every mailbox without a domain of its own.
 */
export const trackingDomains = pgTable(
  'tracking_domains',
  {
    id: id(),
    workspaceId: ownerId(),
    mailboxId: uuid('mailbox_id').references(() => gmailAccounts.id, { onDelete: 'cascade' }),
    /** Lower case, no trailing dot. */
    domain: text('domain').notNull(),
    status: text('status', { enum: TRACKING_DOMAIN_STATUSES }).notNull().default('pending'),
    checkedAt: tstz('checked_at'),
    /** Why the last check failed, in words; null after a successful check. */
    lastError: text('last_error'),
    verifiedAt: tstz('verified_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tracking_domains_domain_unique').on(t.domain),
    // One domain per mailbox, and one user-wide default (mailbox_id null) per user.
    uniqueIndex('tracking_domains_user_mailbox_unique').on(
      t.workspaceId,
      sql`coalesce(${t.mailboxId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index('tracking_domains_checked_idx').on(t.checkedAt),
    oneOf('tracking_domains_status_check', t.status, TRACKING_DOMAIN_STATUSES),
  ],
);
