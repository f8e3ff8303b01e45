import { zodResolver } from '@hookform/resolvers/zod';
import {
  addToPersonaStepSchema,
  type CreateStepInput,
  formatClockTime,
  isSendTimeLater,
  nextSendTimeToday,
  type SequenceStep,
  type StepType,
  sendEmailStepSchema,
  sendTimeInPastMessage,
  type WaitUnit,
  waitStepSchema,
} from '@prospector/contracts';
import { DateTime } from 'luxon';
import type { Control, Resolver } from 'react-hook-form';

/** Every field the three step forms edit; each type's schema keeps only its own. */
export interface StepFormValues {
  stepType: StepType;
  name: string;
  delayDays: number;
  sendHour: number;
  sendMinute: number;
  reactionWindowHours: number;
  reactionWindowMinutes: number;
  templateId: string;
  threadWithPrevious: boolean;
  notOpenedStepId: string | null;
  notOpenedWaitDays: number | null;
  openedNoReplyStepId: string | null;
  openedNoReplyWaitDays: number | null;
  repliedStepId: string | null;
  repliedWaitDays: number | null;
  branchOnClick: boolean;
  clickedStepId: string | null;
  clickedWaitDays: number | null;
  waitValue: number;
  waitUnit: WaitUnit | '';
  nextActionStepId: string | null;
  personaId: string;
}

/** The step form's control, as the field components take it. */
export type StepControl = Control<StepFormValues, unknown, CreateStepInput>;

/** The current wall-clock time in a time zone (the browser's clock). */
export const nowIn = (timezone: string) => DateTime.now().setZone(timezone);

/**
 * Spec section 4 "Add-step flow": name 'Step {n}', delayDays 0 for the first step else 1, reaction window
 * 48 h 0 min, branching fields empty. The send time is the next valid one in the sequence's time zone (the
 * current minute would be refused as past): the next five-minute mark today, or, late at night, the same
 * time the next day for a first step.
 */
export function newStepValues(
  stepType: StepType,
  stepCount: number,
  timezone: string,
  now = nowIn(timezone),
): StepFormValues {
  const today = nextSendTimeToday(now);
  const first = stepCount === 0;
  return {
    stepType,
    name: `Step ${stepCount + 1}`,
    delayDays: first && today ? 0 : 1,
    sendHour: today?.hour ?? now.hour,
    sendMinute: today?.minute ?? now.minute,
    reactionWindowHours: 48,
    reactionWindowMinutes: 0,
    templateId: '',
    threadWithPrevious: true,
    notOpenedStepId: null,
    notOpenedWaitDays: null,
    openedNoReplyStepId: null,
    openedNoReplyWaitDays: null,
    repliedStepId: null,
    repliedWaitDays: null,
    branchOnClick: false,
    clickedStepId: null,
    clickedWaitDays: null,
    waitValue: 1,
    waitUnit: 'days',
    nextActionStepId: null,
    personaId: '',
  };
}

/** A saved step as form values. */
export function stepFormValues(step: SequenceStep): StepFormValues {
  return {
    stepType: step.stepType,
    name: step.name,
    delayDays: step.delayDays,
    sendHour: step.sendHour,
    sendMinute: step.sendMinute,
    reactionWindowHours: step.reactionWindowHours,
    reactionWindowMinutes: step.reactionWindowMinutes,
    templateId: step.templateId ?? '',
    threadWithPrevious: step.threadWithPrevious,
    notOpenedStepId: step.notOpenedStepId,
    notOpenedWaitDays: step.notOpenedWaitDays,
    openedNoReplyStepId: step.openedNoReplyStepId,
    openedNoReplyWaitDays: step.openedNoReplyWaitDays,
    repliedStepId: step.repliedStepId,
    repliedWaitDays: step.repliedWaitDays,
    branchOnClick: step.branchOnClick,
    clickedStepId: step.clickedStepId,
    clickedWaitDays: step.clickedWaitDays,
    waitValue: step.waitValue ?? 1,
    waitUnit: step.waitUnit ?? '',
    nextActionStepId: step.nextActionStepId,
    personaId: step.personaId ?? '',
  };
}

/**
 * Spec section 5: a send step sent on the day it is reached (delay 0) must be later than now in the
 * sequence's time zone; the message names the zone and the current time.
 */
export function sendTimeProblem(
  values: Pick<StepFormValues, 'delayDays' | 'sendHour' | 'sendMinute'>,
  timezone: string,
  now = nowIn(timezone),
): string | null {
  if (values.delayDays !== 0) return null;
  if (isSendTimeLater({ hour: values.sendHour, minute: values.sendMinute }, now)) return null;
  return sendTimeInPastMessage(timezone, formatClockTime(now.hour, now.minute));
}

const SCHEMAS = {
  send_email: sendEmailStepSchema,
  wait: waitStepSchema,
  add_to_persona: addToPersonaStepSchema,
} as const;

/**
 * The send-time rule guards a step's day and time: a saved step whose same-day time has passed still
 * saves a new name, template or branches (a new step is always checked).
 */
function timingChanged(
  values: Pick<StepFormValues, 'delayDays' | 'sendHour' | 'sendMinute'>,
  saved: Pick<StepFormValues, 'delayDays' | 'sendHour' | 'sendMinute'> | null,
) {
  if (!saved) return true;
  return (
    values.delayDays !== saved.delayDays ||
    values.sendHour !== saved.sendHour ||
    values.sendMinute !== saved.sendMinute
  );
}

/**
 * The contract's schema for the form's step type as a form resolver, plus the send-time rule, which is
 * checked alongside (not after) the schema so every message shows at once.
 */
export function stepResolver(
  timezone: string,
  saved: Pick<StepFormValues, 'delayDays' | 'sendHour' | 'sendMinute'> | null = null,
): Resolver<StepFormValues, unknown, CreateStepInput> {
  return async (values, context, options) => {
    // The three schemas share the form's values; each keeps its own fields.
    const resolve = zodResolver(SCHEMAS[values.stepType] as typeof waitStepSchema) as unknown as Resolver<
      StepFormValues,
      unknown,
      CreateStepInput
    >;
    const result = await resolve(values, context, options);
    const problem =
      values.stepType === 'send_email' && timingChanged(values, saved)
        ? sendTimeProblem(values, timezone)
        : null;
    if (!problem) return result;
    return {
      values: {},
      errors: { ...result.errors, sendHour: { type: 'custom', message: problem } },
    };
  };
}

/** The steps a step may go to next: later ones (spec section 2: order greater than the current). */
export const laterSteps = (steps: SequenceStep[], order: number) => steps.filter((s) => s.order > order);
