import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { between, createdAt, id, tstz, updatedAt } from './columns';
import { sequenceContacts } from './sequence-contacts';
import { sequenceSteps } from './sequence-steps';
import { templates } from './templates';
import { ownerId } from './workspaces';

/**
 * One version of a send step's email (A, B, C...). Variant A holds the step's own template. A deleted
 * variant keeps its row (deleted_at) so the emails it sent keep their label and analytics.
 */
export const stepVariants = pgTable(
  'step_variants',
  {
    id: id(),
    workspaceId: ownerId(),
    stepId: uuid('step_id')
      .notNull()
      .references(() => sequenceSteps.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    templateId: uuid('template_id').references(() => templates.id, { onDelete: 'set null' }),
    /** Share of new enrolments in percent; null on any live variant means an even split. */
    weight: integer('weight'),
    deletedAt: tstz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('step_variants_step_label_key').on(t.stepId, t.label),
    index('step_variants_user_idx').on(t.workspaceId),
    index('step_variants_template_idx').on(t.templateId),
    between('step_variants_weight_check', t.weight, 0, 100),
  ],
);

/**
 * The variant an enrolment was given when it reached a step: written once, inside the transaction that
 * schedules the email, so a retry or a restart reads it back instead of drawing again.
 */
export const stepVariantAssignments = pgTable(
  'step_variant_assignments',
  {
    sequenceContactId: uuid('sequence_contact_id')
      .notNull()
      .references(() => sequenceContacts.id, { onDelete: 'cascade' }),
    stepId: uuid('step_id')
      .notNull()
      .references(() => sequenceSteps.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => stepVariants.id, { onDelete: 'cascade' }),
    workspaceId: ownerId(),
    assignedAt: tstz('assigned_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.sequenceContactId, t.stepId] }),
    index('step_variant_assignments_variant_idx').on(t.variantId),
    index('step_variant_assignments_step_idx').on(t.stepId),
    index('step_variant_assignments_user_idx').on(t.workspaceId),
  ],
);
