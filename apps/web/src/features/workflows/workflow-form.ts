import {
  type EmployeeRange,
  type LocationType,
  normalizeInterval,
  normalizeLeadLimit,
  WORKFLOW_END_AFTER_START,
  WORKFLOW_END_REQUIRED,
  WORKFLOW_LISTS_REQUIRED,
  WORKFLOW_NAME_REQUIRED,
  WORKFLOW_START_REQUIRED,
  type Workflow,
  type WorkflowFrequencyType,
  type WorkflowInput,
  type WorkflowStartStrategy,
} from '@prospector/contracts';
import { DateTime } from 'luxon';
import { browserTimeZone } from '../../lib/zoned-time';
import type { IndustryChip } from '../lead-criteria/criteria-typeahead';

/** The create wizard's and the edit page's fields, as typed. */
export interface WorkflowFormValues {
  name: string;
  description: string;
  startStrategy: WorkflowStartStrategy;
  /** A datetime-local value in the browser's zone. */
  startAt: string;
  frequencyType: WorkflowFrequencyType;
  frequencyInterval: string;
  hasEndDate: boolean;
  endAt: string;
  jobTitles: string[];
  locations: string[];
  locationType: LocationType;
  industries: IndustryChip[];
  employeeCounts: EmployeeRange[];
  leadLimit: string;
  emailListIds: string[];
}

export const EMPTY_WORKFLOW_FORM: WorkflowFormValues = {
  name: '',
  description: '',
  startStrategy: 'immediately',
  startAt: '',
  frequencyType: 'once',
  frequencyInterval: '1',
  hasEndDate: false,
  endAt: '',
  jobTitles: [],
  locations: [],
  locationType: 'contact',
  industries: [],
  employeeCounts: [],
  leadLimit: '500',
  emailListIds: [],
};

const LOCAL_FORMAT = "yyyy-LL-dd'T'HH:mm";
export const toLocalInput = (iso: string | null) => (iso ? DateTime.fromISO(iso).toFormat(LOCAL_FORMAT) : '');
const fromLocalInput = (value: string) => {
  const date = DateTime.fromFormat(value, LOCAL_FORMAT);
  return date.isValid ? (date.toUTC().toISO() ?? null) : null;
};

/** A field of the form that can hold a problem; its input has the id in FIELD_IDS. */
export type WorkflowField = 'name' | 'startAt' | 'endAt' | 'emailListIds';
export interface WorkflowProblem {
  field: WorkflowField;
  message: string;
}

/** The element each field's problem scrolls to and highlights. */
export const FIELD_IDS: Record<WorkflowField, string> = {
  name: 'workflow-name',
  startAt: 'workflow-start-at',
  endAt: 'workflow-end-at',
  emailListIds: 'workflow-email-lists',
};

/**
 * The first problem of the Trigger & Criteria step, with the spec's messages (title 'Validation Error'),
 * in the order the fields appear on the page.
 */
export function basicsProblem(values: WorkflowFormValues): WorkflowProblem | null {
  if (!values.name.trim()) return { field: 'name', message: WORKFLOW_NAME_REQUIRED };
  const scheduled = values.startStrategy === 'scheduled';
  const startAt = scheduled ? fromLocalInput(values.startAt) : null;
  if (scheduled && !startAt) return { field: 'startAt', message: WORKFLOW_START_REQUIRED };
  if (values.frequencyType !== 'once' && values.hasEndDate) {
    const endAt = fromLocalInput(values.endAt);
    if (!endAt) return { field: 'endAt', message: WORKFLOW_END_REQUIRED };
    if (startAt && endAt <= startAt) return { field: 'endAt', message: WORKFLOW_END_AFTER_START };
  }
  return null;
}

export function listsProblem(values: WorkflowFormValues): WorkflowProblem | null {
  return values.emailListIds.length === 0
    ? { field: 'emailListIds', message: WORKFLOW_LISTS_REQUIRED }
    : null;
}

/** The POST / PATCH body (spec section 7), with lead limit and interval normalized as the spec says. */
export function toWorkflowBody(
  values: WorkflowFormValues,
  status: 'draft' | 'active' | 'paused',
): WorkflowInput {
  const recurring = values.frequencyType !== 'once';
  const withId = values.industries.filter((chip): chip is { id: string; name: string } => chip.id !== null);
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    startStrategy: values.startStrategy,
    startAt: values.startStrategy === 'scheduled' ? fromLocalInput(values.startAt) : null,
    frequencyType: values.frequencyType,
    frequencyInterval: recurring ? normalizeInterval(values.frequencyInterval) : 1,
    isEndless: !(recurring && values.hasEndDate),
    endAt: recurring && values.hasEndDate ? fromLocalInput(values.endAt) : null,
    criteria: {
      jobTitles: values.jobTitles,
      locations: values.locations,
      locationType: values.locationType,
      industries: withId.map((chip) => chip.id),
      industryNames: values.industries.filter((chip) => chip.id === null).map((chip) => chip.name),
      employeeCounts: values.employeeCounts,
      industryLabels: Object.fromEntries(withId.map((chip) => [chip.id, chip.name])),
    },
    leadLimit: normalizeLeadLimit(values.leadLimit),
    status,
    timezone: browserTimeZone(),
  };
}

/** A saved workflow back into the form. */
export function fromWorkflow(workflow: Workflow, emailListIds: string[]): WorkflowFormValues {
  const { criteria } = workflow;
  return {
    name: workflow.name,
    description: workflow.description ?? '',
    startStrategy: workflow.startStrategy,
    startAt: toLocalInput(workflow.startAt),
    frequencyType: workflow.frequencyType,
    frequencyInterval: String(workflow.frequencyInterval),
    hasEndDate: !workflow.isEndless && workflow.endAt !== null,
    endAt: toLocalInput(workflow.endAt),
    jobTitles: criteria.jobTitles,
    locations: criteria.locations,
    locationType: criteria.locationType,
    industries: [
      ...criteria.industries.map((id) => ({ id, name: criteria.industryLabels?.[id] ?? id })),
      ...criteria.industryNames.map((name) => ({ id: null, name })),
    ],
    employeeCounts: criteria.employeeCounts,
    leadLimit: String(workflow.leadLimit),
    emailListIds,
  };
}

/** The status the edit form saves: a completed workflow that is edited is switched on again. */
export const statusOnSave = (status: Workflow['status']) => (status === 'completed' ? 'active' : status);
