import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ownerId } from './workspaces';

/**
 * How many contacts a user has per display status and industry ('' for none), kept exact by statement-level
 * triggers on contacts (migration contact-count-triggers, decision 008). The contacts page reads its totals
 * and status counts from these few rows instead of counting a million index entries per request.
 */
export const contactCounts = pgTable(
  'contact_counts',
  {
    workspaceId: ownerId(),
    status: text('status').notNull(),
    industry: text('industry').notNull().default(''),
    contacts: integer('contacts').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'contact_counts_pk', columns: [t.workspaceId, t.status, t.industry] })],
);
