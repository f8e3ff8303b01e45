import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns';
import { CONTACT_STATUSES, contacts } from './contacts';
import { ownerId } from './workspaces';

/** Membership of contacts in email lists. */
export const personaContacts = pgTable(
  'persona_contacts',
  {
    /**
     * No foreign key (decision 045): a deleted list's memberships are removed in the background. A
     * membership inserted for a list that is gone is refused by the lists' count trigger, which locks each
     * list once a statement where the key locked it once a row (migration 0029). Never updated.
     */
    personaId: uuid('persona_id').notNull(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    workspaceId: ownerId(),
    createdAt: createdAt(),
    /**
     * Copies of the contact's display status and creation time, so the contacts page filtered by a list
     * (and a status) reads the list's members in the page's order from one index instead of probing a
     * membership for every contact it skips (decision 042). Kept by PostgreSQL: filled on insert and
     * followed on every change of the contact's status (migration 0026); left out of inserts, never null.
     */
    contactStatus: text('contact_status', { enum: CONTACT_STATUSES }),
    contactCreatedAt: tstz('contact_created_at'),
  },
  (t) => [
    primaryKey({ columns: [t.personaId, t.contactId] }),
    // A list's contacts page: the most recently added first.
    index('persona_contacts_persona_created_idx').on(t.personaId, t.createdAt, t.contactId),
    // The contacts page filtered by a list, alone or with a status: newest contacts first.
    index('persona_contacts_persona_contact_created_idx').on(t.personaId, t.contactCreatedAt, t.contactId),
    index('persona_contacts_persona_status_created_idx').on(
      t.personaId,
      t.contactStatus,
      t.contactCreatedAt,
      t.contactId,
    ),
    index('persona_contacts_contact_idx').on(t.contactId),
    index('persona_contacts_user_idx').on(t.workspaceId),
  ],
);
