import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf } from './columns';
import { ownerId } from './workspaces';

export const SUPPRESSION_KINDS = ['address', 'domain'] as const;
/**
 * Why an address is never emailed: the contact unsubscribed themselves, complained, or hard-bounced (these
 * three belong to the contact and stay), or the user added it by hand (which the user may lift).
 */
export const SUPPRESSION_REASONS = ['unsubscribe', 'complaint', 'hard-bounce', 'manual'] as const;
/**
 * How the entry came: the unsubscribe page, the one-click link or a reply asking so, a complaint, a
 * delivery report (or the user marking a message as a bounce), or the user in the app or through the API.
 */
export const SUPPRESSION_SOURCES = [
  'page',
  'one-click',
  'reply',
  'complaint',
  'bounce',
  'user',
  'api',
] as const;

/**
 * The user's suppression list (decision 046): addresses and whole domains never emailed, whatever becomes
 * of the contacts that had them. `value` is the address or the domain in lower case, trimmed, as contacts'
 * addresses are compared; an address holds an '@' and a domain does not, so one key covers both.
 */
export const suppressions = pgTable(
  'suppressions',
  {
    id: id(),
    workspaceId: ownerId(),
    kind: text('kind', { enum: SUPPRESSION_KINDS }).notNull(),
    value: text('value').notNull(),
    reason: text('reason', { enum: SUPPRESSION_REASONS }).notNull(),
    source: text('source', { enum: SUPPRESSION_SOURCES }).notNull(),
    /** The bounce's status code, or the user's note. */
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('suppressions_user_value_key').on(t.workspaceId, t.value),
    // The list page: newest first.
    index('suppressions_user_created_idx').on(t.workspaceId, t.createdAt, t.id),
    oneOf('suppressions_kind_check', t.kind, SUPPRESSION_KINDS),
    oneOf('suppressions_reason_check', t.reason, SUPPRESSION_REASONS),
    oneOf('suppressions_source_check', t.source, SUPPRESSION_SOURCES),
  ],
);
