import { describe, expect, it } from 'vitest';
import {
  createStepSchema,
  formatClockTime,
  isSendTimeLater,
  nextSendTimeToday,
  SELECT_TEMPLATE_MESSAGE,
  STEP_TYPE_INVALID,
  sendTimeInPastMessage,
  stepRequirementProblem,
  WAIT_REQUIRED_MESSAGE,
} from './sequence-steps';
import { createSequenceSchema, SELECT_EMAIL_LIST_MESSAGE } from './sequences';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('the send-time rule helpers', () => {
  it('builds the spec’s sentence with zero-padded times', () => {
    expect(sendTimeInPastMessage('Asia/Tokyo', formatClockTime(7, 5))).toBe(
      'Send time must be in the future. Current time in Asia/Tokyo is 07:05. Please select a time after 07:05.',
    );
  });

  it('counts only a strictly later hour and minute as later', () => {
    const now = { hour: 10, minute: 30 };
    expect(isSendTimeLater({ hour: 10, minute: 30 }, now)).toBe(false);
    expect(isSendTimeLater({ hour: 10, minute: 29 }, now)).toBe(false);
    expect(isSendTimeLater({ hour: 9, minute: 59 }, now)).toBe(false);
    expect(isSendTimeLater({ hour: 10, minute: 31 }, now)).toBe(true);
    expect(isSendTimeLater({ hour: 11, minute: 0 }, now)).toBe(true);
  });
});

describe('createStepSchema', () => {
  it('defaults the type to send_email and keeps only the chosen type’s fields', () => {
    const templateId = crypto.randomUUID();
    const parsed = createStepSchema.parse({ templateId, waitValue: 3 });
    expect(parsed).toMatchObject({
      stepType: 'send_email',
      templateId,
      reactionWindowHours: 48,
    });
    expect(parsed).not.toHaveProperty('waitValue');
    const wait = createStepSchema.parse({ stepType: 'wait', waitValue: 2, waitUnit: 'hours', templateId });
    expect(wait).toEqual({
      stepType: 'wait',
      waitValue: 2,
      waitUnit: 'hours',
      nextActionType: null,
      nextActionStepId: null,
    });
  });

  it('gives each type its spec message', () => {
    expect(firstMessage(createStepSchema.safeParse({}))).toBe(SELECT_TEMPLATE_MESSAGE);
    expect(firstMessage(createStepSchema.safeParse({ stepType: 'wait' }))).toBe(WAIT_REQUIRED_MESSAGE);
    expect(firstMessage(createStepSchema.safeParse({ stepType: 'add_to_persona' }))).toBe(
      SELECT_EMAIL_LIST_MESSAGE,
    );
    expect(firstMessage(createStepSchema.safeParse({ stepType: 'fax' }))).toBe(STEP_TYPE_INVALID);
  });

  it('names what a merged step misses', () => {
    const empty = { templateId: null, waitValue: null, waitUnit: null, personaId: null };
    expect(stepRequirementProblem({ ...empty, stepType: 'send_email' })?.message).toBe(
      SELECT_TEMPLATE_MESSAGE,
    );
    expect(stepRequirementProblem({ ...empty, stepType: 'wait', waitValue: 1 })).toEqual({
      field: 'waitUnit',
      message: WAIT_REQUIRED_MESSAGE,
    });
    expect(stepRequirementProblem({ ...empty, stepType: 'add_to_persona', personaId: 'x' })).toBeNull();
  });
});

describe('createSequenceSchema', () => {
  it('applies the defaults and turns empty values into null', () => {
    expect(
      createSequenceSchema.parse({ name: ' Q3 ', contactLimit: '', senderAccountId: '', sendAsEmail: ' ' }),
    ).toEqual({
      name: 'Q3',
      description: null,
      timezone: 'UTC',
      skipWeekends: false,
      useRecipientTimezone: false,
      autoEnrollNewContacts: true,
      followUpsFirst: true,
      stopCompanyOnReply: false,
      trackOpens: true,
      trackClicks: false,
      contactLimit: null,
      senderAccountId: null,
      sendAsEmail: null,
      status: 'draft',
    });
  });
});

describe('nextSendTimeToday', () => {
  it('is the first five-minute mark more than a minute away, later than now, or null at the end of the day', () => {
    const next = (hour: number, minute: number) => nextSendTimeToday({ hour, minute });
    expect(next(10, 7)).toEqual({ hour: 10, minute: 10 });
    expect(next(10, 9)).toEqual({ hour: 10, minute: 15 });
    expect(next(10, 10)).toEqual({ hour: 10, minute: 15 });
    expect(next(9, 58)).toEqual({ hour: 10, minute: 0 });
    expect(next(0, 0)).toEqual({ hour: 0, minute: 5 });
    expect(next(23, 53)).toEqual({ hour: 23, minute: 55 });
    expect(next(23, 54)).toBeNull();
    for (let minute = 0; minute < 24 * 60; minute++) {
      const now = { hour: Math.floor(minute / 60), minute: minute % 60 };
      const time = nextSendTimeToday(now);
      if (time) expect(isSendTimeLater(time, now)).toBe(true);
    }
  });
});
