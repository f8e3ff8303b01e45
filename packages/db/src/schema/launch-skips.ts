import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { contacts } from './contacts';
import { sequences } from './sequences';
import { ownerId } from './workspaces';

/**
 * The contacts a launch leaves out, with the reason. `missing-value`: a variable had no value for them
 * ("launch without them", "no value for {{company}}"); each launch of the sequence replaces these rows.
 * `list-check`: the user excluded them after the list check ("disposable address"); they stay out of this
 * sequence, automatic enrolments included, until put back.
 */
export const launchSkips = pgTable(
  'launch_skips',
  {
    workspaceId: ownerId(),
    sequenceId: uuid('sequence_id')
      .notNull()
      .references(() => sequences.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    kind: text('kind', { enum: ['missing-value', 'list-check'] })
      .notNull()
      .default('missing-value'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'launch_skips_pkey', columns: [t.sequenceId, t.contactId] }),
    index('launch_skips_contact_idx').on(t.contactId),
    index('launch_skips_user_idx').on(t.workspaceId),
  ],
);
