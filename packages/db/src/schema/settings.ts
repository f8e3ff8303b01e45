import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { ownerId } from './workspaces';

/**
 * Per-user settings as key/value, e.g. key 'contacts' -> { maxContinuousNotOpens: 3 }. The composite
 * primary key is the spec's "unique per user and key" and makes upserts a plain ON CONFLICT.
 */
export const settings = pgTable(
  'settings',
  {
    workspaceId: ownerId(),
    key: text('key').notNull(),
    value: jsonb('value').$type<unknown>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.key] })],
);
