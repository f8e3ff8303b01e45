import { DateTime } from 'luxon';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { newStepValues, type StepFormValues, sendTimeProblem, stepResolver } from './step-form';

const options = { shouldUseNativeValidation: false, fields: {} } as ResolverOptions<FieldValues>;
const resolve = (values: StepFormValues, timezone = 'UTC') =>
  stepResolver(timezone)(values, undefined, options as never);
const messages = async (values: StepFormValues) =>
  Object.fromEntries(Object.entries((await resolve(values)).errors).map(([k, v]) => [k, v?.message]));

describe('newStepValues (spec section 4, Add-step flow)', () => {
  const at = (iso: string, zone: string) => DateTime.fromISO(iso, { zone });

  it('names the step after its place, sends the first one the same day and later ones a day after', () => {
    const morning = at('2025-05-01T10:07', 'UTC');
    expect(newStepValues('send_email', 0, 'UTC', morning)).toMatchObject({ name: 'Step 1', delayDays: 0 });
    expect(newStepValues('send_email', 2, 'UTC', morning)).toMatchObject({ name: 'Step 3', delayDays: 1 });
  });

  it('starts with a 48 h 0 min reaction window, no branches, and the next valid time in the zone', () => {
    const values = newStepValues('send_email', 0, 'Asia/Tokyo', at('2025-05-01T10:07:40', 'Asia/Tokyo'));
    expect(values).toMatchObject({
      reactionWindowHours: 48,
      reactionWindowMinutes: 0,
      notOpenedStepId: null,
      openedNoReplyStepId: null,
      repliedStepId: null,
      sendHour: 10,
      sendMinute: 10,
    });
  });

  it('proposes a time the send-time rule accepts, never the current minute', () => {
    for (const time of ['10:09', '10:10', '10:14:59', '00:00', '23:53']) {
      const now = at(`2025-05-01T${time}`, 'Europe/Madrid');
      const values = newStepValues('send_email', 0, 'Europe/Madrid', now);
      expect([values.delayDays, sendTimeProblem(values, 'Europe/Madrid', now)]).toEqual([0, null]);
      expect(values.sendMinute % 5).toBe(0);
    }
    // Late at night nothing is left today: the first step goes the next day at the same time.
    const late = newStepValues('send_email', 0, 'UTC', at('2025-05-01T23:57', 'UTC'));
    expect([late.delayDays, late.sendHour, late.sendMinute]).toEqual([1, 23, 57]);
  });
});

describe('sendTimeProblem (spec section 5)', () => {
  const now = DateTime.fromISO('2026-03-02T14:30', { zone: 'Europe/Paris' });

  it("refuses a same-day time that is not after the zone's current time, naming both", () => {
    expect(sendTimeProblem({ delayDays: 0, sendHour: 14, sendMinute: 30 }, 'Europe/Paris', now)).toBe(
      'Send time must be in the future. Current time in Europe/Paris is 14:30. Please select a time after 14:30.',
    );
  });

  it('accepts a later time, and any time on a later day', () => {
    expect(sendTimeProblem({ delayDays: 0, sendHour: 14, sendMinute: 31 }, 'Europe/Paris', now)).toBeNull();
    expect(sendTimeProblem({ delayDays: 1, sendHour: 8, sendMinute: 0 }, 'Europe/Paris', now)).toBeNull();
  });
});

describe('stepResolver', () => {
  it("gives each type's required field the spec's message", async () => {
    const send = { ...newStepValues('send_email', 1, 'UTC'), templateId: '' };
    expect(await messages(send)).toMatchObject({ templateId: 'Please select an email template' });
    const wait = { ...newStepValues('wait', 1, 'UTC'), waitUnit: '' as const };
    expect(await messages(wait)).toMatchObject({ waitUnit: 'Please enter wait time and unit' });
    const list = newStepValues('add_to_persona', 1, 'UTC');
    expect(await messages(list)).toMatchObject({ personaId: 'Please select an email list' });
  });

  it('shows the send-time rule together with the missing template', async () => {
    const now = DateTime.now().setZone('UTC');
    const values = { ...newStepValues('send_email', 0, 'UTC'), sendHour: now.hour, sendMinute: now.minute };
    const errors = await messages({ ...values, templateId: '' });
    expect(errors.templateId).toBe('Please select an email template');
    expect(errors.sendHour).toMatch(/^Send time must be in the future\. Current time in UTC is /);
  });

  it('lets a saved step whose same-day time has passed save other edits, and checks a new day or time', async () => {
    const now = DateTime.now().setZone('UTC');
    const saved = { delayDays: 0, sendHour: now.hour, sendMinute: now.minute };
    const values = { ...newStepValues('send_email', 0, 'UTC'), ...saved, templateId: '', name: 'Renamed' };
    const edit = async (changes: Partial<StepFormValues>) => {
      const result = await stepResolver('UTC', saved)({ ...values, ...changes }, undefined, options as never);
      return result.errors.sendHour?.message;
    };
    expect(await edit({})).toBeUndefined();
    // Midnight is never later than now, so a same-day 00:00 is always refused.
    expect(await edit({ sendHour: 0, sendMinute: 0 })).toMatch(/^Send time must be in the future/);
  });

  it("keeps only the type's own fields", async () => {
    const id = '6d1f5c1e-8a1b-4c3d-9e2f-0a1b2c3d4e5f';
    const { values, errors } = await resolve({ ...newStepValues('add_to_persona', 1, 'UTC'), personaId: id });
    expect(errors).toEqual({});
    expect(values).toEqual({
      stepType: 'add_to_persona',
      name: 'Step 2',
      personaId: id,
      nextActionType: null,
      nextActionStepId: null,
    });
  });
});
