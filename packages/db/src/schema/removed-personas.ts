import { pgTable, uuid } from 'drizzle-orm/pg-core';
import { tstz } from './columns';
import { ownerId } from './workspaces';

/**
 * Email lists deleted whose memberships are still being removed, a batch at a time, by the worker
 * (decision 045). The list's row is gone; its id stays here until its last membership is.
 */
export const removedPersonas = pgTable('removed_personas', {
  personaId: uuid('persona_id').primaryKey(),
  workspaceId: ownerId(),
  removedAt: tstz('removed_at').notNull(),
});
