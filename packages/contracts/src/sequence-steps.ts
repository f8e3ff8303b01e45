import { z } from 'zod';
import { type AbTest, abTestPatchSchema } from './ab-tests';
import { SELECT_EMAIL_LIST_MESSAGE } from './sequences';
import { TEXT_LIMITS, tooLongMessage } from './text-limits';

// Spec sections 4 ("Add-step flow"), 5 ("Send-email step", "Wait step", "Add-to-list step") and 7
// ("Steps"). Messages are the spec's, word for word, where it names one.

export const STEP_TYPES = ['send_email', 'wait', 'add_to_persona'] as const;
export type StepType = (typeof STEP_TYPES)[number];
export const WAIT_UNITS = ['hours', 'days'] as const;
export type WaitUnit = (typeof WAIT_UNITS)[number];
export const NEXT_ACTION_TYPES = ['end', 'send_email', 'add_to_persona'] as const;
export type NextActionType = (typeof NEXT_ACTION_TYPES)[number];
export const REACTIONS = ['not_opened', 'opened_no_reply', 'clicked', 'replied'] as const;
export type Reaction = (typeof REACTIONS)[number];

/** The three outcomes every send_email step has and the step fields each one uses. */
export const REACTION_BRANCHES = [
  { reaction: 'not_opened', stepField: 'notOpenedStepId', waitField: 'notOpenedWaitDays' },
  { reaction: 'opened_no_reply', stepField: 'openedNoReplyStepId', waitField: 'openedNoReplyWaitDays' },
  { reaction: 'replied', stepField: 'repliedStepId', waitField: 'repliedWaitDays' },
] as const;
/**
 * The fourth outcome, for a step with branchOnClick: a person clicked a tracked link and did not reply.
 * Without it a click counts as an open (opened_no_reply), or as no reply when the sequence tracks no opens.
 */
export const CLICKED_BRANCH = {
  reaction: 'clicked',
  stepField: 'clickedStepId',
  waitField: 'clickedWaitDays',
} as const;
/** Every field of a step that points at another step of the same sequence (null = 'End sequence'). */
export const STEP_POINTER_FIELDS = [
  'notOpenedStepId',
  'openedNoReplyStepId',
  'repliedStepId',
  'clickedStepId',
  'nextActionStepId',
] as const;
export type StepPointerField = (typeof STEP_POINTER_FIELDS)[number];

export const SELECT_TEMPLATE_MESSAGE = 'Please select an email template';
export const WAIT_REQUIRED_MESSAGE = 'Please enter wait time and unit';
export const STEP_TYPE_INVALID = 'Step type must be send_email, wait or add_to_persona';
export const STEP_TYPE_UNCHANGEABLE = 'The type of a step cannot be changed; delete it and add a new step';
export const NEXT_STEP_INVALID = 'The next step must be a later step of this sequence, or End sequence';
export const STEP_NOT_FOUND = 'Step not found';

const whole = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);
const emptyToNull = (value: unknown) => (value === '' ? null : value);
/** A reference to another step of the sequence; null (or '') is 'End sequence'. */
const stepPointer = z.preprocess(
  emptyToNull,
  z.string({ error: NEXT_STEP_INVALID }).uuid(NEXT_STEP_INVALID).nullable(),
);
const waitDays = whole('Wait days must be a whole number of at least 0', 0, 365).nullable();
const requiredId = (message: string) => z.preprocess(emptyToNull, z.string({ error: message }).uuid(message));

const fields = {
  name: z
    .string({ error: 'Step name is required' })
    .trim()
    .min(1, 'Step name is required')
    .max(TEXT_LIMITS.name, tooLongMessage('Step name', TEXT_LIMITS.name)),
  delayDays: whole('Delay days must be a whole number of at least 0', 0, 365),
  sendHour: whole('Send hour must be between 0 and 23', 0, 23),
  sendMinute: whole('Send minute must be between 0 and 59', 0, 59),
  reactionWindowHours: whole('Reaction window hours must be a whole number of at least 0', 0, 24 * 365),
  reactionWindowMinutes: whole('Reaction window minutes must be between 0 and 59', 0, 59),
  templateId: requiredId(SELECT_TEMPLATE_MESSAGE),
  skipWeekends: z.boolean({ error: 'Skip weekends must be true or false' }),
  threadWithPrevious: z.boolean({ error: 'Thread with previous must be true or false' }),
  notOpenedStepId: stepPointer,
  notOpenedWaitDays: waitDays,
  openedNoReplyStepId: stepPointer,
  openedNoReplyWaitDays: waitDays,
  repliedStepId: stepPointer,
  repliedWaitDays: waitDays,
  branchOnClick: z.boolean({ error: 'Branch on click must be true or false' }),
  clickedStepId: stepPointer,
  clickedWaitDays: waitDays,
  waitValue: z
    .number({ error: WAIT_REQUIRED_MESSAGE })
    .int('Wait time must be a whole number')
    .min(1, 'Wait time must be at least 1')
    .max(10_000, 'Wait time is too long'),
  waitUnit: z.enum(WAIT_UNITS, { error: WAIT_REQUIRED_MESSAGE }),
  nextActionType: z
    .enum(NEXT_ACTION_TYPES, { error: `Next action must be one of: ${NEXT_ACTION_TYPES.join(', ')}` })
    .nullable(),
  nextActionStepId: stepPointer,
  personaId: requiredId(SELECT_EMAIL_LIST_MESSAGE),
};

/** Left out on create: name 'Step {n}', delayDays 0 for the first step else 1, the sequence's skipWeekends. */
const common = {
  name: fields.name.optional(),
  skipWeekends: fields.skipWeekends.optional(),
};
const nextAction = {
  nextActionType: fields.nextActionType.optional().default(null),
  nextActionStepId: fields.nextActionStepId.optional().default(null),
};

export const sendEmailStepSchema = z.object({
  ...common,
  stepType: z.literal('send_email'),
  templateId: fields.templateId,
  delayDays: fields.delayDays.optional(),
  // Left out: the next valid time on the day the step is reached, else 09:00 (createStep decides).
  sendHour: fields.sendHour.optional(),
  sendMinute: fields.sendMinute.optional(),
  reactionWindowHours: fields.reactionWindowHours.optional().default(48),
  reactionWindowMinutes: fields.reactionWindowMinutes.optional().default(0),
  threadWithPrevious: fields.threadWithPrevious.optional().default(true),
  notOpenedStepId: fields.notOpenedStepId.optional().default(null),
  notOpenedWaitDays: fields.notOpenedWaitDays.optional().default(null),
  openedNoReplyStepId: fields.openedNoReplyStepId.optional().default(null),
  openedNoReplyWaitDays: fields.openedNoReplyWaitDays.optional().default(null),
  repliedStepId: fields.repliedStepId.optional().default(null),
  repliedWaitDays: fields.repliedWaitDays.optional().default(null),
  branchOnClick: fields.branchOnClick.optional().default(false),
  clickedStepId: fields.clickedStepId.optional().default(null),
  clickedWaitDays: fields.clickedWaitDays.optional().default(null),
});
export const waitStepSchema = z.object({
  ...common,
  stepType: z.literal('wait'),
  waitValue: fields.waitValue,
  waitUnit: fields.waitUnit,
  ...nextAction,
});
export const addToPersonaStepSchema = z.object({
  ...common,
  stepType: z.literal('add_to_persona'),
  personaId: fields.personaId,
  ...nextAction,
});

/** POST /api/sequences/{id}/steps: one of the three step types; stepType defaults to send_email. */
export const createStepSchema = z.preprocess(
  (value) =>
    value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    (value as { stepType?: unknown }).stepType === undefined
      ? { ...value, stepType: 'send_email' }
      : value,
  z.discriminatedUnion('stepType', [sendEmailStepSchema, waitStepSchema, addToPersonaStepSchema], {
    error: STEP_TYPE_INVALID,
  }),
);
export type CreateStepInput = z.output<typeof createStepSchema>;
export type SendEmailStepInput = z.output<typeof sendEmailStepSchema>;
export type WaitStepInput = z.output<typeof waitStepSchema>;
export type AddToPersonaStepInput = z.output<typeof addToPersonaStepSchema>;

/**
 * PATCH /api/steps/{id}: any subset of the fields. The server checks the merged step with
 * stepRequirementProblem, so a field a type needs cannot be cleared.
 */
export const updateStepSchema = z.object({
  stepType: z.enum(STEP_TYPES, { error: STEP_TYPE_INVALID }).optional(),
  name: fields.name.optional(),
  delayDays: fields.delayDays.optional(),
  sendHour: fields.sendHour.optional(),
  sendMinute: fields.sendMinute.optional(),
  reactionWindowHours: fields.reactionWindowHours.optional(),
  reactionWindowMinutes: fields.reactionWindowMinutes.optional(),
  templateId: z
    .preprocess(
      emptyToNull,
      z.string({ error: SELECT_TEMPLATE_MESSAGE }).uuid(SELECT_TEMPLATE_MESSAGE).nullable(),
    )
    .optional(),
  skipWeekends: fields.skipWeekends.optional(),
  threadWithPrevious: fields.threadWithPrevious.optional(),
  notOpenedStepId: fields.notOpenedStepId.optional(),
  notOpenedWaitDays: fields.notOpenedWaitDays.optional(),
  openedNoReplyStepId: fields.openedNoReplyStepId.optional(),
  openedNoReplyWaitDays: fields.openedNoReplyWaitDays.optional(),
  repliedStepId: fields.repliedStepId.optional(),
  repliedWaitDays: fields.repliedWaitDays.optional(),
  branchOnClick: fields.branchOnClick.optional(),
  clickedStepId: fields.clickedStepId.optional(),
  clickedWaitDays: fields.clickedWaitDays.optional(),
  waitValue: fields.waitValue.nullable().optional(),
  waitUnit: fields.waitUnit.nullable().optional(),
  nextActionType: fields.nextActionType.optional(),
  nextActionStepId: fields.nextActionStepId.optional(),
  personaId: z
    .preprocess(
      emptyToNull,
      z.string({ error: SELECT_EMAIL_LIST_MESSAGE }).uuid(SELECT_EMAIL_LIST_MESSAGE).nullable(),
    )
    .optional(),
  abTest: abTestPatchSchema.optional(),
});
export type UpdateStepInput = z.output<typeof updateStepSchema>;

/** What a step of each type cannot be saved without: the field and the spec's message, or null. */
export function stepRequirementProblem(step: {
  stepType: StepType;
  templateId: string | null;
  waitValue: number | null;
  waitUnit: WaitUnit | null;
  personaId: string | null;
}): { field: string; message: string } | null {
  if (step.stepType === 'send_email' && !step.templateId) {
    return { field: 'templateId', message: SELECT_TEMPLATE_MESSAGE };
  }
  if (step.stepType === 'wait' && (step.waitValue == null || !step.waitUnit)) {
    return { field: step.waitValue == null ? 'waitValue' : 'waitUnit', message: WAIT_REQUIRED_MESSAGE };
  }
  if (step.stepType === 'add_to_persona' && !step.personaId) {
    return { field: 'personaId', message: SELECT_EMAIL_LIST_MESSAGE };
  }
  return null;
}

/** 'HH:mm' of an hour and minute. */
export function formatClockTime(hour: number, minute: number): string {
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Whether a same-day send time (hour:minute) is strictly later than the current local hour:minute. */
export function isSendTimeLater(
  send: { hour: number; minute: number },
  current: { hour: number; minute: number },
): boolean {
  return send.hour * 60 + send.minute > current.hour * 60 + current.minute;
}

/** New steps' send times fall on these marks, so the default is a time a person would choose. */
const DEFAULT_SEND_TIME_STEP_MINUTES = 5;

/**
 * A new step's default send time: the first five-minute mark more than a minute after `now` (so a form
 * opened at 10:09 proposes 10:15, which is still later when it is saved), or null when none is left today.
 */
export function nextSendTimeToday(now: {
  hour: number;
  minute: number;
}): { hour: number; minute: number } | null {
  const step = DEFAULT_SEND_TIME_STEP_MINUTES;
  const next = (Math.floor((now.hour * 60 + now.minute + 1) / step) + 1) * step;
  if (next >= 24 * 60) return null;
  return { hour: Math.floor(next / 60), minute: next % 60 };
}

/** Spec section 5: the message when a same-day (delayDays 0) send time is not in the future. */
export function sendTimeInPastMessage(timezone: string, currentTime: string): string {
  return `Send time must be in the future. Current time in ${timezone} is ${currentTime}. Please select a time after ${currentTime}.`;
}

/** A step as the API returns it. Pointers are ids of steps of the same sequence, null = 'End sequence'. */
export interface SequenceStep {
  id: string;
  sequenceId: string;
  stepType: StepType;
  name: string;
  order: number;
  delayDays: number;
  sendHour: number;
  sendMinute: number;
  reactionWindowHours: number;
  reactionWindowMinutes: number;
  templateId: string | null;
  skipWeekends: boolean;
  threadWithPrevious: boolean;
  notOpenedStepId: string | null;
  notOpenedWaitDays: number | null;
  openedNoReplyStepId: string | null;
  openedNoReplyWaitDays: number | null;
  repliedStepId: string | null;
  repliedWaitDays: number | null;
  /** The step has a 'clicked' branch (CLICKED_BRANCH). */
  branchOnClick: boolean;
  clickedStepId: string | null;
  clickedWaitDays: number | null;
  waitValue: number | null;
  waitUnit: WaitUnit | null;
  nextActionType: NextActionType | null;
  nextActionStepId: string | null;
  personaId: string | null;
  /** The step's A/B test (decision 020); variants come from GET /api/steps/{id}/variants. */
  abTest: AbTest;
  createdAt: string;
  updatedAt: string;
}

/** DELETE /api/steps/{id}. */
export interface DeleteStepResult {
  message: string;
}
