import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { contacts } from './contacts';
import { sequences } from './sequences';
import { ownerId } from './users';

/**
 * The contacts a launch left out because a variable had no value for them ("launch without them"), with
 * the reason ("no value for {{company}}"). Each launch of the sequence replaces the sequence's rows.
 */
export const launchSkips = pgTable(
  'launch_skips',
  {
    userId: ownerId(),
    sequenceId: uuid('sequence_id')
      .notNull()
      .references(() => sequences.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'launch_skips_pkey', columns: [t.sequenceId, t.contactId] }),
    index('launch_skips_contact_idx').on(t.contactId),
    index('launch_skips_user_idx').on(t.userId),
  ],
);
