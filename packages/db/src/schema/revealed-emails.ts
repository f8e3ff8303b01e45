import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { ownerId } from './workspaces';

/**
 * The emails a user has revealed through Apollo (by hand in the Leads Finder or by an import), so they show
 * again in later searches and are never paid for twice. `email` null: Apollo had none for the person.
 * `person` keeps what the reveal answered (full name, place, employer), which Apollo's search hides.
 */
export const revealedEmails = pgTable(
  'revealed_emails',
  {
    workspaceId: ownerId(),
    apolloId: text('apollo_id').notNull(),
    email: text('email'),
    person: jsonb('person').$type<object>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.apolloId] })],
);
