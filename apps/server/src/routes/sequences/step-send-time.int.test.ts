import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, type SequenceUser, sequenceUser } from '../../testing/sequence-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let me: SequenceUser;
let templateId: string;
beforeAll(async () => {
  t = await createTestApp();
  me = await sequenceUser(t.app, t.database);
  templateId = await me.template();
});
afterAll(() => t?.close());

const PAST_IN_NEW_YORK =
  'Send time must be in the future. Current time in America/New_York is 10:30. Please select a time after 10:30.';

describe('a same-day (delayDays 0) send time must be later than now in the sequence’s time zone', () => {
  it('refuses a time not after now on create, in the sequence’s zone rather than UTC', async () => {
    // 14:30:20 UTC is 10:30 in New York (EDT, UTC-4).
    t.clock.set(new Date('2025-05-01T14:30:20Z'));
    const sequence = await me.sequence({ timezone: 'America/New_York' });
    const create = (body: object) =>
      me.post(`/api/sequences/${sequence.id}/steps`, { templateId, delayDays: 0, ...body });
    expectError(await create({ sendHour: 10, sendMinute: 30 }), 400, PAST_IN_NEW_YORK);
    expectError(await create({ sendHour: 9, sendMinute: 59 }), 400, PAST_IN_NEW_YORK);
    // Left out, the send time is the next valid one in New York, not a time already past.
    const defaulted = await create({});
    expect([defaulted.statusCode, defaulted.json().sendHour, defaulted.json().sendMinute]).toEqual([
      201, 10, 35,
    ]);
    const later = await create({ sendHour: 10, sendMinute: 31 });
    expect([later.statusCode, later.json().delayDays]).toEqual([201, 0]);
    // 11:00 is still ahead in New York, though UTC has passed it.
    expect((await create({ sendHour: 11, sendMinute: 0 })).statusCode).toBe(201);
    // Another day: any time.
    expect((await create({ delayDays: 1, sendHour: 6 })).statusCode).toBe(201);
    // The first step defaults to delayDays 0, so a past time is refused there too.
    const fresh = await me.sequence({ timezone: 'America/New_York' });
    expectError(
      await me.post(`/api/sequences/${fresh.id}/steps`, { templateId, sendHour: 8 }),
      400,
      PAST_IN_NEW_YORK,
    );
  });

  it('uses each zone’s own clock: Tokyo is already the next day', async () => {
    t.clock.set(new Date('2025-05-01T14:30:20Z'));
    const sequence = await me.sequence({ timezone: 'Asia/Tokyo' });
    expectError(
      await me.post(`/api/sequences/${sequence.id}/steps`, {
        templateId,
        delayDays: 0,
        sendHour: 23,
        sendMinute: 30,
      }),
      400,
      'Send time must be in the future. Current time in Asia/Tokyo is 23:30. Please select a time after 23:30.',
    );
  });

  it('applies on edit when the day or time changes, and not to an unrelated edit', async () => {
    t.clock.set(new Date('2025-05-01T14:30:20Z'));
    const sequence = await me.sequence({ timezone: 'America/New_York' });
    const step = await me.step(sequence.id, { templateId, delayDays: 0, sendHour: 12 });
    expectError(
      await me.patch(`/api/steps/${step.id}`, { sendHour: 10, sendMinute: 0 }),
      400,
      PAST_IN_NEW_YORK,
    );
    const nextDay = await me.patch(`/api/steps/${step.id}`, { delayDays: 1, sendHour: 8 });
    expect(nextDay.json()).toMatchObject({ delayDays: 1, sendHour: 8 });
    expectError(await me.patch(`/api/steps/${step.id}`, { delayDays: 0 }), 400, PAST_IN_NEW_YORK);
    expect((await me.patch(`/api/steps/${step.id}`, { delayDays: 0, sendHour: 17 })).statusCode).toBe(200);
    // Later that day 17:00 has passed; renaming the step is still allowed.
    t.clock.set(new Date('2025-05-01T22:00:00Z'));
    const renamed = await me.patch(`/api/steps/${step.id}`, { name: 'Renamed', sendHour: 17 });
    expect(renamed.json()).toMatchObject({ name: 'Renamed', sendHour: 17, delayDays: 0 });
    // So is another template, and branches to a later step, sent with the unchanged day and time.
    const otherTemplate = await me.template('Follow-up');
    const retemplated = await me.patch(`/api/steps/${step.id}`, {
      templateId: otherTemplate,
      delayDays: 0,
      sendHour: 17,
      sendMinute: 0,
    });
    expect([retemplated.statusCode, retemplated.json().templateId]).toEqual([200, otherTemplate]);
    const second = await me.emailStep(sequence.id, templateId);
    const branched = await me.patch(`/api/steps/${step.id}`, {
      notOpenedStepId: second.id,
      notOpenedWaitDays: 2,
      delayDays: 0,
      sendHour: 17,
      sendMinute: 0,
    });
    expect([branched.statusCode, branched.json().notOpenedStepId]).toEqual([200, second.id]);
    // Moving the time to another one already past is still refused.
    expectError(
      await me.patch(`/api/steps/${step.id}`, { sendHour: 16, sendMinute: 0 }),
      400,
      'Send time must be in the future. Current time in America/New_York is 18:00. Please select a time after 18:00.',
    );
    const steps = (await me.get(`/api/sequences/${sequence.id}/steps`)).json();
    expect(steps[0]).toMatchObject({ sendHour: 17, sendMinute: 0, delayDays: 0 });
  });
});
