import {
  formatClockTime,
  isSendTimeLater,
  NEXT_ACTION_TYPES,
  NEXT_STEP_INVALID,
  SELECT_EMAIL_LIST_MESSAGE,
  SELECT_TEMPLATE_MESSAGE,
  STEP_POINTER_FIELDS,
  sendTimeInPastMessage,
  stepRequirementProblem,
} from '@prospector/contracts';
import { type AppDb, personas, templates } from '@prospector/db';
import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { AppError } from '../app-error';
import type { StepRow } from './step-store';

/** A step's values as they are about to be saved (the row without its bookkeeping and A/B test columns). */
export type StepValues = Omit<
  StepRow,
  'id' | 'workspaceId' | 'sequenceId' | 'createdAt' | 'updatedAt' | `ab${string}`
>;

/** The fields each step type uses; the others are stored empty. */
const TYPE_FIELDS = {
  send_email: [
    'delayDays',
    'sendHour',
    'sendMinute',
    'reactionWindowHours',
    'reactionWindowMinutes',
    'templateId',
    'threadWithPrevious',
    'notOpenedStepId',
    'notOpenedWaitDays',
    'openedNoReplyStepId',
    'openedNoReplyWaitDays',
    'repliedStepId',
    'repliedWaitDays',
    'branchOnClick',
    'clickedStepId',
    'clickedWaitDays',
  ],
  wait: ['waitValue', 'waitUnit', 'nextActionType', 'nextActionStepId'],
  add_to_persona: ['personaId', 'nextActionType', 'nextActionStepId'],
} as const satisfies Record<StepRow['stepType'], readonly (keyof StepValues)[]>;

const NULLABLE_BY_TYPE = [
  'templateId',
  'notOpenedStepId',
  'notOpenedWaitDays',
  'openedNoReplyStepId',
  'openedNoReplyWaitDays',
  'repliedStepId',
  'repliedWaitDays',
  'clickedStepId',
  'clickedWaitDays',
  'waitValue',
  'waitUnit',
  'nextActionType',
  'nextActionStepId',
  'personaId',
] as const;

/** Clears the nullable fields another step type uses, so a step holds only what its type means. */
export function keepFieldsOfType(values: StepValues): StepValues {
  const own: readonly string[] = TYPE_FIELDS[values.stepType];
  const cleared = { ...values };
  for (const field of NULLABLE_BY_TYPE) if (!own.includes(field)) cleared[field] = null;
  if (!own.includes('branchOnClick')) cleared.branchOnClick = false;
  return cleared;
}

/**
 * Checks a step before it is saved: what its type needs (the spec's messages), that its template or email
 * list is the user's, and that every pointer is a later step of the same sequence (no loops). Sets
 * nextActionType from the next step (nextActionTypeOf). Throws a 400 naming the problem.
 */
export async function checkStep(
  db: AppDb,
  workspaceId: string,
  values: StepValues,
  sequenceSteps: readonly Pick<StepRow, 'id' | 'order' | 'stepType'>[],
): Promise<StepValues> {
  const problem = stepRequirementProblem(values);
  if (problem) throw new AppError('VALIDATION_ERROR', problem.message);
  if (values.templateId && !(await owns(db, templates, workspaceId, values.templateId))) {
    throw new AppError('VALIDATION_ERROR', SELECT_TEMPLATE_MESSAGE);
  }
  if (values.personaId && !(await owns(db, personas, workspaceId, values.personaId))) {
    throw new AppError('VALIDATION_ERROR', SELECT_EMAIL_LIST_MESSAGE);
  }
  for (const field of STEP_POINTER_FIELDS) {
    const targetId = values[field];
    if (!targetId) continue;
    const target = sequenceSteps.find((step) => step.id === targetId);
    if (!target || target.order <= values.order) throw new AppError('VALIDATION_ERROR', NEXT_STEP_INVALID);
  }
  if (values.stepType === 'send_email') return values;
  return {
    ...values,
    nextActionType: nextActionTypeOf(sequenceSteps.find((s) => s.id === values.nextActionStepId)),
  };
}

/**
 * nextActionType follows the next step: 'end' without one, else its type. A wait step has no value of its
 * own in the spec's list, so it is stored as null (the engine follows nextActionStepId unless the type is 'end').
 */
function nextActionTypeOf(next: Pick<StepRow, 'stepType'> | undefined): StepValues['nextActionType'] {
  if (!next) return 'end';
  return (NEXT_ACTION_TYPES as readonly string[]).includes(next.stepType)
    ? (next.stepType as StepValues['nextActionType'])
    : null;
}

async function owns(db: AppDb, table: typeof templates | typeof personas, workspaceId: string, id: string) {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.workspaceId, workspaceId), eq(table.id, id)))
    .limit(1);
  return Boolean(row);
}

/**
 * Spec section 5: a send_email step sent on the day it is reached (delayDays 0) must have a send time later
 * than the current time in the sequence's time zone.
 */
export function checkSendTimeInFuture(now: Date, timezone: string, values: StepValues): void {
  if (values.stepType !== 'send_email' || values.delayDays !== 0) return;
  const local = DateTime.fromJSDate(now, { zone: timezone });
  if (isSendTimeLater({ hour: values.sendHour, minute: values.sendMinute }, local)) return;
  throw new AppError(
    'VALIDATION_ERROR',
    sendTimeInPastMessage(timezone, formatClockTime(local.hour, local.minute)),
  );
}

/** The fields of a parsed body that were sent (a left-out field is undefined and keeps its value). */
export function sentFields<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}
