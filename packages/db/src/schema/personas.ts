import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { counter, createdAt, id, updatedAt } from './columns';
import { createdBy, ownerId } from './workspaces';

/** An email list ("persona" in the data model): a named audience that contacts are added to. */
export const personas = pgTable(
  'personas',
  {
    id: id(),
    workspaceId: ownerId(),
    createdBy: createdBy(),
    name: text('name').notNull(),
    industry: text('industry').notNull(),
    jobTitle: text('job_title').notNull(),
    location: text('location').notNull(),
    description: text('description'),
    /** Members in persona_contacts, kept by a trigger on that table (decision 008). */
    contactCount: counter('contact_count'),
    /** Of those, the suppressed and the unsubscribed ones, kept by the same trigger (decision 042). */
    suppressedCount: counter('suppressed_count'),
    unsubscribedCount: counter('unsubscribed_count'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('personas_user_created_idx').on(t.workspaceId, t.createdAt)],
);
