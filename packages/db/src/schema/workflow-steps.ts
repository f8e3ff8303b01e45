import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { counter, createdAt, id, oneOf, tstz } from './columns';
import { personas } from './personas';
import { workflows } from './workflows';
import { ownerId } from './workspaces';

export const WORKFLOW_STEP_TYPES = ['add_to_email_list'] as const;
export type WorkflowStepType = (typeof WORKFLOW_STEP_TYPES)[number];
export const WORKFLOW_RUN_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export type WorkflowRunStatus = (typeof WORKFLOW_RUN_STATUSES)[number];

export const workflowSteps = pgTable(
  'workflow_steps',
  {
    id: id(),
    workspaceId: ownerId(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    order: integer('step_order').notNull().default(1),
    stepType: text('step_type', { enum: WORKFLOW_STEP_TYPES }).notNull().default('add_to_email_list'),
    name: text('name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('workflow_steps_workflow_order_idx').on(t.workflowId, t.order),
    index('workflow_steps_user_idx').on(t.workspaceId),
    oneOf('workflow_steps_step_type_check', t.stepType, WORKFLOW_STEP_TYPES),
  ],
);

/** The email lists an add_to_email_list step fills. */
export const workflowStepEmailLists = pgTable(
  'workflow_step_email_lists',
  {
    workflowStepId: uuid('workflow_step_id')
      .notNull()
      .references(() => workflowSteps.id, { onDelete: 'cascade' }),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    workspaceId: ownerId(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workflowStepId, t.personaId] }),
    index('workflow_step_email_lists_persona_idx').on(t.personaId),
    index('workflow_step_email_lists_user_idx').on(t.workspaceId),
  ],
);

export const workflowRuns = pgTable(
  'workflow_runs',
  {
    id: id(),
    workspaceId: ownerId(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    status: text('status', { enum: WORKFLOW_RUN_STATUSES }).notNull().default('pending'),
    startedAt: tstz('started_at'),
    completedAt: tstz('completed_at'),
    leadsFound: counter('leads_found'),
    leadsProcessed: counter('leads_processed'),
    error: text('error'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('workflow_runs_workflow_created_idx').on(t.workflowId, t.createdAt),
    index('workflow_runs_user_idx').on(t.workspaceId),
    oneOf('workflow_runs_status_check', t.status, WORKFLOW_RUN_STATUSES),
  ],
);
