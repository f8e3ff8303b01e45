import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { contacts } from './contacts';
import { personas } from './personas';
import { ownerId } from './users';

/** Membership of contacts in email lists. */
export const personaContacts = pgTable(
  'persona_contacts',
  {
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: ownerId(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.personaId, t.contactId] }),
    // A list's contacts page: the most recently added first.
    index('persona_contacts_persona_created_idx').on(t.personaId, t.createdAt, t.contactId),
    index('persona_contacts_contact_idx').on(t.contactId),
    index('persona_contacts_user_idx').on(t.userId),
  ],
);
