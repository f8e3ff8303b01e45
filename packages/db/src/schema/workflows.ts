import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { between, createdAt, id, oneOf, tstz, updatedAt } from './columns';
import { createdBy, ownerId } from './workspaces';

export const WORKFLOW_STATUSES = ['draft', 'active', 'paused', 'completed'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];
export const START_STRATEGIES = ['immediately', 'scheduled'] as const;
export type StartStrategy = (typeof START_STRATEGIES)[number];
export const FREQUENCY_TYPES = ['once', 'days', 'weeks', 'months'] as const;
export type FrequencyType = (typeof FREQUENCY_TYPES)[number];

/** The Leads Finder search a workflow repeats. */
export interface WorkflowCriteria {
  jobTitles?: string[];
  locations?: string[];
  locationType?: 'contact' | 'account';
  industries?: string[];
  industryNames?: string[];
  employeeCounts?: string[];
}

/** A recurring lead search whose results are added to email lists by its steps. */
export const workflows = pgTable(
  'workflows',
  {
    id: id(),
    workspaceId: ownerId(),
    createdBy: createdBy(),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status', { enum: WORKFLOW_STATUSES }).notNull().default('draft'),
    startStrategy: text('start_strategy', { enum: START_STRATEGIES }).notNull().default('immediately'),
    startAt: tstz('start_at'),
    frequencyType: text('frequency_type', { enum: FREQUENCY_TYPES }).notNull().default('once'),
    frequencyInterval: integer('frequency_interval').notNull().default(1),
    endAt: tstz('end_at'),
    isEndless: boolean('is_endless').notNull().default(true),
    criteria: jsonb('criteria').$type<WorkflowCriteria>().notNull().default({}),
    leadLimit: integer('lead_limit').notNull().default(500),
    /** IANA zone that calendar intervals (every N days, weeks, months) are counted in. */
    timezone: text('timezone').notNull().default('UTC'),
    lastRunAt: tstz('last_run_at'),
    nextRunAt: tstz('next_run_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('workflows_user_created_idx').on(t.workspaceId, t.createdAt),
    /** The scheduler's due scan. */
    index('workflows_due_idx').on(t.nextRunAt).where(sql`${t.status} = 'active'`),
    oneOf('workflows_status_check', t.status, WORKFLOW_STATUSES),
    oneOf('workflows_start_strategy_check', t.startStrategy, START_STRATEGIES),
    oneOf('workflows_frequency_type_check', t.frequencyType, FREQUENCY_TYPES),
    between('workflows_frequency_interval_check', t.frequencyInterval, 1),
    between('workflows_lead_limit_check', t.leadLimit, 1, 500),
  ],
);
