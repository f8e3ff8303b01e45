import { z } from 'zod';
import { EMPLOYEE_RANGES, type LeadFilters, LOCATION_TYPES } from './leads';
import { TEXT_LIMITS, tooLongMessage } from './text-limits';
import { isTimeZone } from './time-zones';

export const WORKFLOW_STATUSES = ['draft', 'active', 'paused', 'completed'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];
export const WORKFLOW_START_STRATEGIES = ['immediately', 'scheduled'] as const;
export type WorkflowStartStrategy = (typeof WORKFLOW_START_STRATEGIES)[number];
export const WORKFLOW_FREQUENCY_TYPES = ['once', 'days', 'weeks', 'months'] as const;
export type WorkflowFrequencyType = (typeof WORKFLOW_FREQUENCY_TYPES)[number];
export const WORKFLOW_RUN_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export type WorkflowRunStatus = (typeof WORKFLOW_RUN_STATUSES)[number];

// Spec sections 5 and 9, word for word.
export const WORKFLOW_NAME_REQUIRED = 'Please enter a workflow name';
export const WORKFLOW_VALIDATION_TITLE = 'Validation Error';
export const WORKFLOW_LISTS_REQUIRED = 'Please select at least one email list';
export const WORKFLOW_START_REQUIRED = 'Please choose a start date and time';
export const WORKFLOW_END_REQUIRED = 'Please choose an end date and time';
export const WORKFLOW_END_AFTER_START = 'End date must be after the start date';
export const WORKFLOW_NOT_FOUND = 'Workflow not found';
export const LEAD_LIMIT = { min: 1, max: 500, default: 500 } as const;
export const WORKFLOW_STEP_NAME = 'Add to Email List';

/** Lead limit as typed: above 500 is 500, below 1 or unparseable is 1 (spec section 5). */
export function normalizeLeadLimit(value: unknown): number {
  const parsed = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  if (!Number.isFinite(parsed)) return LEAD_LIMIT.min;
  return Math.min(LEAD_LIMIT.max, Math.max(LEAD_LIMIT.min, Math.trunc(parsed)));
}

/** Frequency interval as typed: a whole number of at least 1; anything else is 1. */
export function normalizeInterval(value: unknown): number {
  const parsed = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  if (!Number.isFinite(parsed) || parsed < 1) return 1;
  return Math.min(Math.trunc(parsed), 1000);
}

const CRITERIA_TEXT = 'Criteria must be lists of text';
const criteriaText = z
  .string({ error: CRITERIA_TEXT })
  .trim()
  .min(1, 'Criteria values cannot be empty')
  .max(TEXT_LIMITS.searchText);
const criteriaList = z
  .array(criteriaText, { error: CRITERIA_TEXT })
  .max(100, 'At most 100 values per criterion')
  .default([])
  .transform((values) => [...new Set(values)]);

/** Spec section 3: the Leads Finder search a workflow repeats. */
export const workflowCriteriaSchema = z.object({
  jobTitles: criteriaList,
  locations: criteriaList,
  locationType: z
    .enum(LOCATION_TYPES, { error: 'locationType must be contact or account' })
    .default('contact'),
  /** Industries picked from the type-ahead: their names (older workflows: Apollo tag ids, named below). */
  industries: criteriaList,
  /** Industries or keywords typed with 'Use custom'. */
  industryNames: criteriaList,
  employeeCounts: z
    .array(z.enum(EMPLOYEE_RANGES, { error: `Employee ranges are ${EMPLOYEE_RANGES.join(', ')}` }))
    .default([])
    .transform((values) => [...new Set(values)]),
  /** The names of the industries chosen by id, so the form can show them again. */
  industryLabels: z
    .record(z.string().max(100), z.string().max(200), { error: 'Industry labels must map ids to names' })
    .default({}),
});
export type WorkflowCriteria = z.output<typeof workflowCriteriaSchema>;

/** A workflow's criteria as the Leads Finder's search filters. */
export function criteriaToLeadFilters(criteria: Partial<WorkflowCriteria>): LeadFilters {
  return {
    personTitles: criteria.jobTitles ?? [],
    locations: criteria.locations ?? [],
    locationType: criteria.locationType ?? 'contact',
    // A workflow saved when industries were Apollo tag ids searches by the names it kept for them.
    industries: (criteria.industries ?? []).map((id) => criteria.industryLabels?.[id] ?? id),
    industryNames: criteria.industryNames ?? [],
    employeeCounts: criteria.employeeCounts ?? [],
  };
}

const instant = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((value, ctx) => {
      if (value === '') return null;
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return date;
    })
    .nullish()
    .transform((value) => value ?? null);

const workflowFields = z.object({
  name: z
    .string({ error: WORKFLOW_NAME_REQUIRED })
    .trim()
    .min(1, WORKFLOW_NAME_REQUIRED)
    .max(TEXT_LIMITS.name, tooLongMessage('Workflow name', TEXT_LIMITS.name)),
  description: z
    .string()
    .trim()
    .max(TEXT_LIMITS.description, tooLongMessage('Description', TEXT_LIMITS.description))
    .nullish()
    .transform((value) => (value ? value : null)),
  startStrategy: z
    .enum(WORKFLOW_START_STRATEGIES, { error: 'Start must be immediately or scheduled' })
    .default('immediately'),
  startAt: instant('Start date/time is not a valid date'),
  frequencyType: z
    .enum(WORKFLOW_FREQUENCY_TYPES, { error: 'Frequency must be once, days, weeks or months' })
    .default('once'),
  frequencyInterval: z.unknown().optional().transform(normalizeInterval),
  isEndless: z.boolean({ error: 'isEndless must be true or false' }).default(true),
  endAt: instant('End date/time is not a valid date'),
  criteria: workflowCriteriaSchema.default({
    jobTitles: [],
    locations: [],
    locationType: 'contact',
    industries: [],
    industryNames: [],
    employeeCounts: [],
    industryLabels: {},
  }),
  leadLimit: z
    .unknown()
    .optional()
    .transform((value) => (value === undefined ? LEAD_LIMIT.default : normalizeLeadLimit(value))),
  status: z
    .enum(['draft', 'active', 'paused'], { error: 'Status must be draft, active or paused' })
    .default('draft'),
  /** IANA zone intervals are counted in; the form sends the browser's. */
  timezone: z
    .string()
    .trim()
    .refine(isTimeZone, 'Unknown time zone')
    .nullish()
    .transform((value) => value || 'UTC'),
});

/** POST /api/workflows and PATCH /api/workflows/{id} with the whole body (spec section 7). */
export const workflowInputSchema = workflowFields.superRefine((value, ctx) => {
  if (value.startStrategy === 'scheduled' && !value.startAt) {
    ctx.addIssue({ code: 'custom', path: ['startAt'], message: WORKFLOW_START_REQUIRED });
  }
  if (value.frequencyType !== 'once' && !value.isEndless) {
    if (!value.endAt) {
      ctx.addIssue({ code: 'custom', path: ['endAt'], message: WORKFLOW_END_REQUIRED });
    } else if (value.startStrategy === 'scheduled' && value.startAt && value.endAt <= value.startAt) {
      ctx.addIssue({ code: 'custom', path: ['endAt'], message: WORKFLOW_END_AFTER_START });
    }
  }
});
export type WorkflowInput = z.input<typeof workflowInputSchema>;
export type WorkflowValues = z.output<typeof workflowInputSchema>;

/** PATCH /api/workflows/{id} with `{status}` only: Pause and Activate. */
export const workflowStatusSchema = z.object({
  status: z.enum(['active', 'paused'], { error: 'Status must be active or paused' }),
});
export type WorkflowStatusInput = z.output<typeof workflowStatusSchema>;

/** True when a PATCH body is the `{status}` form rather than the whole workflow. */
export function isStatusOnlyBody(body: unknown): boolean {
  return !!body && typeof body === 'object' && Object.keys(body).length === 1 && 'status' in body;
}

/** POST /api/workflows/{id}/steps. */
export const workflowStepInputSchema = z.object({
  order: z.literal(1, { error: 'Workflow step order must be 1' }).default(1),
  stepType: z
    .literal('add_to_email_list', { error: 'Step type must be add_to_email_list' })
    .default('add_to_email_list'),
  name: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((value) => value || WORKFLOW_STEP_NAME),
  emailListIds: z
    .array(z.string().uuid('Email list not found'), { error: WORKFLOW_LISTS_REQUIRED })
    .min(1, WORKFLOW_LISTS_REQUIRED)
    .max(50, 'At most 50 email lists per workflow')
    .transform((values) => [...new Set(values)]),
});
export type WorkflowStepInput = z.input<typeof workflowStepInputSchema>;
export type WorkflowStepValues = z.output<typeof workflowStepInputSchema>;

/** What a run recorded besides its counts. */
export interface WorkflowRunMetadata {
  pagesRead?: number;
  revealed?: number;
  skippedDuplicates?: number;
  skippedNoEmail?: number;
  trigger?: 'schedule' | 'manual';
  [key: string]: unknown;
}

export interface WorkflowRun {
  id: string;
  workflowId: string;
  status: WorkflowRunStatus;
  startedAt: string | null;
  completedAt: string | null;
  leadsFound: number;
  leadsProcessed: number;
  error: string | null;
  metadata: WorkflowRunMetadata;
  createdAt: string;
}

/** A workflow as the API returns it, with its latest run. */
export interface Workflow {
  id: string;
  name: string;
  description: string | null;
  status: WorkflowStatus;
  startStrategy: WorkflowStartStrategy;
  startAt: string | null;
  frequencyType: WorkflowFrequencyType;
  frequencyInterval: number;
  endAt: string | null;
  isEndless: boolean;
  criteria: WorkflowCriteria;
  leadLimit: number;
  timezone: string;
  lastRunAt: string | null;
  nextRunAt: string | null;
  lastRun: WorkflowRun | null;
  /** No step has an email list left (none chosen, or the lists were deleted): its leads have nowhere to go. */
  needsList: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface WorkflowStep {
  id: string;
  workflowId: string;
  order: number;
  stepType: 'add_to_email_list';
  name: string;
  emailListIds: string[];
}

const UNITS: Record<Exclude<WorkflowFrequencyType, 'once'>, string> = {
  days: 'day',
  weeks: 'week',
  months: 'month',
};

/** The card's Frequency: 'Run once' or 'Every N unit'. */
export function frequencyLabel(type: WorkflowFrequencyType, interval: number): string {
  if (type === 'once') return 'Run once';
  return `Every ${interval} ${UNITS[type]}${interval === 1 ? '' : 's'}`;
}
